import {
  encodeIds,
  type SearchMeta,
  type SearchShard,
  searchMetaPath,
  searchShardPath,
  shardOf,
  textTokens,
} from './snapshotSearch.ts';

/**
 * About this many bytes per shard: a query of a word or two loads one or two shards, and a
 * shard is still a single small request (`scripts/benchOfflineSearch.ts` measures it).
 */
const SHARD_BYTES = 12_000;

/** The text a visitor searches: the essay without its pictures' and links' addresses. */
const searchableText = (markdown: string): string =>
  markdown.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\]\([^)]*\)/g, ']');

/** Token → ascending ids of the essays holding it. */
const postings = (essays: { id: number; content: string }[]): Map<string, number[]> => {
  const byToken = new Map<string, number[]>();
  for (const essay of [...essays].sort((a, b) => a.id - b.id)) {
    for (const token of textTokens(searchableText(essay.content))) {
      const ids = byToken.get(token);
      if (ids) ids.push(essay.id);
      else byToken.set(token, [essay.id]);
    }
  }
  return byToken;
};

/**
 * The chunked index of the visible essays (issue 46.1): `search/meta.json` and `search/<n>.json`,
 * set into the snapshot's tree (path → file text) beside the essays it points at. Pure, so the
 * exporter, the bench and the browser's tests build it alike.
 */
export const addSearchIndex = (
  tree: Map<string, string>,
  essays: { id: number; content: string }[],
): SearchMeta => {
  const byToken = postings(essays);
  const entries = [...byToken].map(([token, ids]) => [token, encodeIds(ids)] as const);
  const total = entries.reduce((sum, [token, ids]) => sum + token.length * 3 + ids.join(',').length + 6, 0);
  const shards = Math.max(1, Math.ceil(total / SHARD_BYTES));
  const files: SearchShard[] = Array.from({ length: shards }, () => ({}));
  for (const [token, ids] of entries) (files[shardOf(token, shards)] as SearchShard)[token] = ids;
  files.forEach((shard, n) => {
    tree.set(searchShardPath(n), `${JSON.stringify(shard)}\n`);
  });
  const meta: SearchMeta = { v: 1, shards, essays: essays.length, tokens: byToken.size };
  tree.set(searchMetaPath, `${JSON.stringify(meta)}\n`);
  return meta;
};
