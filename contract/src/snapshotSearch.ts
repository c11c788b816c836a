/**
 * The offline snapshot's full-text index of the visible essays (issue 46.1), shared by the exporter
 * that writes it and the browser that queries it, so both cut text into the same tokens.
 *
 * Tokens: CJK text has no spaces, so each run of CJK characters gives its characters and its
 * bigrams (a two-character word such as 代码 is one bigram; longer words are their bigrams);
 * other scripts give their lowercased words. Tokens are spread over shards by a hash, so a query
 * loads `search/meta.json` and only the shards its own tokens fall into.
 */

/** `search/meta.json`: how many shards there are (the shard of a token depends on it). */
export interface SearchMeta {
  v: 1;
  shards: number;
  essays: number;
  tokens: number;
}

/** `search/<n>.json`: token → the ids of the essays holding it, ascending and delta-encoded. */
export type SearchShard = Record<string, number[]>;

export const searchMetaPath = 'search/meta.json';
export const searchShardPath = (shard: number): string => `search/${shard}.json`;

const cjkRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;
const segments =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/** A run of letters and digits cut into its index tokens (`full`: every unigram of CJK too). */
const runTokens = (run: string, full: boolean): string[] => {
  const out: string[] = [];
  for (const segment of run.match(segments) ?? []) {
    if (!cjkRun.test(segment)) {
      // One Latin letter or digit matches nearly everything: not worth a token.
      if (segment.length > 1) out.push(segment);
      continue;
    }
    const chars = [...segment];
    if (full || chars.length === 1) out.push(...chars);
    for (let i = 0; i + 1 < chars.length; i += 1) out.push(`${chars[i]}${chars[i + 1]}`);
  }
  return out;
};

const runsOf = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every token of an essay's text, once each. */
export const textTokens = (text: string): Set<string> =>
  new Set(runsOf(text).flatMap((run) => runTokens(run, true)));

/**
 * A long query reads at most this many shards (≈ 12 KB each): its first tokens find the
 * candidates and `matchesQuery` checks the rest on the essays themselves.
 */
export const MAX_QUERY_TOKENS = 16;

/**
 * The tokens whose shards a query loads, all of which an essay must hold: a CJK run of two or
 * more characters needs only its bigrams (fewer shards to load than its characters too).
 */
export const queryTokens = (query: string): string[] =>
  [...new Set(runsOf(query).flatMap((run) => runTokens(run, false)))].slice(0, MAX_QUERY_TOKENS);

/** FNV-1a over the UTF-16 units: stable across Node and browsers. */
export const shardOf = (token: string, shards: number): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
};

export const encodeIds = (ascending: number[]): number[] =>
  ascending.map((id, i) => (i === 0 ? id : id - (ascending[i - 1] as number)));

export const decodeIds = (deltas: number[]): number[] => {
  let id = 0;
  return deltas.map((delta) => {
    id += delta;
    return id;
  });
};

/**
 * Whether an essay's text holds every word of the query as written (the index finds candidates
 * by tokens; this drops those whose bigrams are all there but not side by side).
 */
export const matchesQuery = (text: string, query: string): boolean => {
  const haystack = text.normalize('NFKC').toLowerCase();
  return query
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};
