import type { Moment } from '@candy/contract/calls/moments';
import { useCallback } from 'react';
import { call } from '../../../core/request.ts';
import { useCursorList } from '../shared/useCursorList.ts';

/** Moments newest first on the `start` cursor, searched by keyword; `readKey` re-reads on a new dark key. */
export const useMomentList = (keyword: string, readKey: string) => {
  const load = useCallback(
    (start: number | undefined) =>
      call('momentList', { query: { start, keyword: keyword.trim() || undefined }, silent: true }),
    [keyword],
  );
  return useCursorList<Moment>(load, `${readKey}|${keyword.trim()}`);
};
