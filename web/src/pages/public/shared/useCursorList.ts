import { startTransition, useCallback, useRef, useState } from 'react';
import { RequestError } from '../../../core/request.ts';
import { peekSsr } from '../../../core/ssrData.ts';
import { useKeyedEffect } from '../../../core/useKeyedEffect.ts';

export interface CursorPage<T> {
  list: T[];
  hasMore: boolean;
}

export type ListStatus = 'loading' | 'ready' | 'failed';

export interface CursorListState<T> {
  items: T[];
  hasMore: boolean;
  status: ListStatus;
  error: string;
  /** The failure's business code (0 when it never reached an envelope), e.g. 4031 for dark content. */
  code: number;
}

const fresh = <T>(): CursorListState<T> => ({
  items: [],
  hasMore: true,
  status: 'loading',
  error: '',
  code: 0,
});

/**
 * A newest-first list read page by page on the `start` cursor (the last id the client has).
 * A new `key` (the search) starts over; answers for an old key are dropped.
 */
export const useCursorList = <T extends { id: number }>(
  load: (start: number | undefined) => Promise<CursorPage<T>>,
  key: string,
  /** The server-rendered first page (issue 16) under this key, used when `key` is empty. */
  ssrKey?: string,
) => {
  const [first] = useState(() => (ssrKey && key === '' ? peekSsr<CursorPage<T>>(ssrKey) : undefined));
  const [state, setState] = useState<CursorListState<T>>(() =>
    first ? { items: first.list, hasMore: first.hasMore, status: 'ready', error: '', code: 0 } : fresh(),
  );
  const latest = useRef(load);
  latest.current = load;
  const generation = useRef(0);
  const inFlight = useRef(false);
  const items = useRef<T[]>(first?.list ?? []);

  const fetchPage = useCallback(async (reset: boolean) => {
    if (inFlight.current && !reset) return;
    generation.current += 1;
    const mine = generation.current;
    inFlight.current = true;
    if (reset) items.current = [];
    setState((old) => ({ ...(reset ? fresh<T>() : old), status: 'loading', error: '', code: 0 }));
    try {
      const page = await latest.current(items.current.at(-1)?.id);
      if (mine !== generation.current) return;
      // A page may overlap the previous one when items were added meanwhile: keep ids unique.
      const known = new Set(items.current.map((item) => item.id));
      items.current = [...items.current, ...page.list.filter((item) => !known.has(item.id))];
      const next = items.current;
      // A transition: the new rows render in slices between frames, not as one long task (an
      // update from a network answer would otherwise render the whole list at once).
      startTransition(() =>
        setState({ items: next, hasMore: page.hasMore, status: 'ready', error: '', code: 0 }),
      );
    } catch (error) {
      if (mine !== generation.current) return;
      const code = error instanceof RequestError ? error.code : 0;
      const message = error instanceof Error ? error.message : String(error);
      setState((old) => ({ ...old, status: 'failed', error: message, code }));
    } finally {
      if (mine === generation.current) inFlight.current = false;
    }
  }, []);

  // A new key (the search) starts the list over; showing the kept-alive page again does not.
  useKeyedEffect(() => void fetchPage(true), key, first ? { key } : undefined);

  const loadMore = useCallback(() => {
    if (!inFlight.current) void fetchPage(false);
  }, [fetchPage]);

  /** Starts over from the newest (retry after a failure of the first page). */
  const reload = useCallback(() => void fetchPage(true), [fetchPage]);

  return { ...state, loadMore, reload };
};
