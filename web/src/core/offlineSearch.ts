import { Limits } from '@candy/contract/constants';
import {
  decodeIds,
  matchesQuery,
  queryTokens,
  type SearchMeta,
  type SearchShard,
  searchMetaPath,
  searchShardPath,
  shardOf,
} from '@candy/contract/snapshotSearch';
import { readFile } from './offlineFiles.ts';

/**
 * Keyword search in the offline snapshot (issue 46.1): loaded lazily by `offline.ts` on the first
 * offline search, it reads the index's meta and only the shards the query's tokens fall into
 * (each file cached by `readFile`), then the candidate essays themselves.
 */

interface OfflineEssay {
  id: number;
  content: string;
}

/** Null when this snapshot has no index (exported before issue 46): the caller says so. */
export const readSearchMeta = async (): Promise<SearchMeta | null> =>
  (await readFile(searchMetaPath, true)) as SearchMeta | null;

/** Ids holding every token, newest first. */
const candidates = async (meta: SearchMeta, tokens: string[]): Promise<number[]> => {
  const lists = await Promise.all(
    tokens.map(async (token) => {
      const shard = (await readFile(searchShardPath(shardOf(token, meta.shards)))) as SearchShard;
      return decodeIds(shard[token] ?? []);
    }),
  );
  lists.sort((a, b) => a.length - b.length);
  const [shortest = [], ...rest] = lists;
  const others = rest.map((ids) => new Set(ids));
  return shortest.filter((id) => others.every((ids) => ids.has(id))).sort((a, b) => b - a);
};

/**
 * One page of the online search's shape: up to ten essays after `start` whose text holds the
 * query, checking candidates in order until the page is full.
 */
export const searchEssays = async (
  meta: SearchMeta,
  keyword: string,
  start: number | null,
  readEssay: (id: number) => Promise<OfflineEssay>,
): Promise<{ list: OfflineEssay[]; hasMore: boolean }> => {
  const tokens = queryTokens(keyword);
  if (tokens.length === 0) return { list: [], hasMore: false };
  const ids = await candidates(meta, tokens);
  let from = start === null ? 0 : ids.indexOf(start) + 1;
  const list: OfflineEssay[] = [];
  while (list.length < Limits.offlineEssayPageSize && from < ids.length) {
    const batch = ids.slice(from, from + Limits.offlineEssayPageSize - list.length);
    from += batch.length;
    const essays = await Promise.all(batch.map((id) => readEssay(id)));
    list.push(...essays.filter((essay) => matchesQuery(essay.content, keyword)));
  }
  return { list, hasMore: from < ids.length };
};
