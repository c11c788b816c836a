import type { Essay } from '@candy/contract/calls/essays';
import { useCallback } from 'react';
import { call } from '../../../core/request.ts';
import { type CursorPage, useCursorList } from '../shared/useCursorList.ts';

/** `#<id>` asks for one essay directly (spec §5). */
export const essayIdOf = (keyword: string): number | null => {
  const match = /^#(\d{1,10})$/.exec(keyword.trim());
  return match ? Number(match[1]) : null;
};

const loadEssays = async (keyword: string, start: number | undefined): Promise<CursorPage<Essay>> => {
  const id = essayIdOf(keyword);
  if (id !== null)
    return { list: [await call('essayDetail', { params: { id }, silent: true })], hasMore: false };
  return call('essayList', { query: { start, keyword: keyword.trim() || undefined }, silent: true });
};

/** Essays newest first, page by page; a keyword searches, `#<id>` fetches that essay. */
export const useEssayList = (keyword: string) => {
  const load = useCallback((start: number | undefined) => loadEssays(keyword, start), [keyword]);
  return useCursorList(load, keyword.trim(), 'essayList');
};
