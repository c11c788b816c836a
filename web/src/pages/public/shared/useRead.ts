import { startTransition, useCallback, useRef, useState } from 'react';
import { RequestError } from '../../../core/request.ts';
import { peekSsr } from '../../../core/ssrData.ts';
import { useKeyedEffect } from '../../../core/useKeyedEffect.ts';

export type ReadState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | null; error: string; code: number };

/**
 * One read on mount and whenever `key` changes (not when a kept-alive page is shown again); the
 * last answer wins. `retry()` reads again.
 * Failures keep their business code (e.g. 4031 for dark content) so the page can explain them.
 */
export const useRead = <T>(read: () => Promise<T>, key: string, ssrKey?: string) => {
  const [state, setState] = useState<ReadState<T>>(() => {
    const first = ssrKey ? peekSsr<T>(ssrKey) : undefined;
    return first === undefined ? { status: 'loading', data: null } : { status: 'ready', data: first };
  });
  // The server-rendered answer (issue 16) stands for the first read.
  const [served] = useState(() => (state.status === 'ready' ? { key } : undefined));
  const latest = useRef(read);
  latest.current = read;
  const generation = useRef(0);

  const run = useCallback(async () => {
    generation.current += 1;
    const mine = generation.current;
    setState((old) => ({ status: 'loading', data: old.data }));
    try {
      const data = await latest.current();
      // A transition: what the answer shows renders in slices between frames, not as one long task.
      if (mine === generation.current) startTransition(() => setState({ status: 'ready', data }));
    } catch (error) {
      if (mine !== generation.current) return;
      const code = error instanceof RequestError ? error.code : 0;
      const message = error instanceof Error ? error.message : String(error);
      setState((old) => ({ status: 'failed', data: old.data, error: message, code }));
    }
  }, []);

  useKeyedEffect(() => void run(), key, served);

  return { ...state, retry: run };
};
