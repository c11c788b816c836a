import type { Hitokoto } from '@candy/contract/calls/hitokoto';
import { ErrorCode } from '@candy/contract/codes';
import { useCallback, useRef, useState } from 'react';
import { useAppInfo } from '../../core/appState.ts';
import { call, RequestError } from '../../core/request.ts';
import { peekSsr } from '../../core/ssrData.ts';
import { useKeyedEffect } from '../../core/useKeyedEffect.ts';
import { rememberSeen, seenQuotes as seen } from './seenQuotes.ts';

const fetchQuote = async (mobile: boolean): Promise<Hitokoto> => {
  const ask = () =>
    call('hitokotoRandom', { query: { exclude: [...seen], pc: !mobile, mobile }, silent: true });
  try {
    return await ask();
  } catch (error) {
    // Everything shown once already: start the round again.
    if (!(error instanceof RequestError) || error.code !== ErrorCode.notFound || seen.length === 0)
      throw error;
    seen.length = 0;
    return ask();
  }
};

export type QuoteState =
  | { status: 'loading'; quote: Hitokoto | null }
  | { status: 'ready'; quote: Hitokoto }
  | { status: 'failed'; quote: Hitokoto | null };

/** A random quote suited to the device's width; `next()` asks for one not seen yet. */
export const useHitokoto = () => {
  const mobile = useAppInfo((info) => info.mobileMode);
  // The quote the server rendered the page with (issue 16) stands for the first one.
  const [state, setState] = useState<QuoteState>(() => {
    const first = peekSsr<Hitokoto>('hitokoto');
    return first ? { status: 'ready', quote: first } : { status: 'loading', quote: null };
  });
  const busy = useRef(false);
  const served = useRef(state.quote);

  const next = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setState((old) => ({ status: 'loading', quote: old.quote }));
    try {
      const quote = await fetchQuote(mobile);
      rememberSeen(quote.id);
      setState({ status: 'ready', quote });
    } catch {
      setState((old) => ({ status: 'failed', quote: old.quote }));
    } finally {
      busy.current = false;
    }
  }, [mobile]);

  // One quote per mount, kept while the page is hidden and shown again; a mode change does not
  // replace it either.
  useKeyedEffect(() => {
    if (served.current) rememberSeen(served.current.id);
    else void next();
  }, 'quote');

  return { ...state, next };
};
