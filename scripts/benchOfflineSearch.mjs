#!/usr/bin/env node
// The offline snapshot's search index (issue 46.1): its size, and the bytes one query costs a
// visitor (the index's meta plus the shards its tokens fall into, as `web/src/core/offlineSearch.ts`
// loads them), at 25 essays (the demo seed's) and at 1,000. Raw bytes and gzip (what a CDN sends).
// The 1,000 essays are made from the demo essays and the seed's quotes (real Chinese prose and
// poetry, a few hundred characters each), by a seeded random pick, so every run measures the same.
// The essay files a result page then reads (up to ten) are counted apart. Measures; never fails.
// `node scripts/benchOfflineSearch.mjs` (no build needed: esbuild bundles the TypeScript it uses);
// `--bench` prints rows for bench.mjs instead (JSON lines: figure, measured, target).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const asRows = process.argv.includes('--bench');
/** @param {string} line */
const say = (line) => {
  if (!asRows) console.log(line);
};
/** @param {string} name @param {string} value @param {string} target */
const row = (name, value, target) => {
  if (asRows) console.log(JSON.stringify([name, value, target]));
};

const entry = `
export { addSearchIndex } from './contract/src/snapshotSearchIndex.ts';
export { queryTokens, shardOf, searchShardPath, searchMetaPath } from './contract/src/snapshotSearch.ts';
export { demoEssays } from './server/src/db/seed/content.ts';
export { seedQuotes } from './server/src/db/seed/quotes.ts';
`;
const bundle = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
/**
 * What the bench uses of that bundle (typed here: its TypeScript belongs to other projects).
 * @typedef {{
 *   addSearchIndex(tree: Map<string, string>, essays: { id: number, content: string }[]): { shards: number, tokens: number },
 *   queryTokens(query: string): string[],
 *   shardOf(token: string, shards: number): number,
 *   searchShardPath(shard: number): string,
 *   searchMetaPath: string,
 *   demoEssays(pictures: string[]): string[],
 *   seedQuotes: { hitokoto: string }[],
 * }} SearchBenchLib
 */
/** @type {SearchBenchLib} */
const lib = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0]?.text ?? '').toString('base64')}`
);

/** @param {number} seed */
const random = (seed) => () => {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
  return seed / 2 ** 32;
};

/**
 * `varied`: each essay also gets 200 characters drawn at random from the quotes' characters, so
 * nearly every bigram is new — far more distinct tokens than real prose (a worst case for size).
 * @param {number} count @param {boolean} varied @returns {{ id: number, content: string }[]}
 */
const essaysOf = (count, varied) => {
  const demo = lib.demoEssays(Array.from({ length: 8 }, (_, i) => `/files/p${i}.webp`));
  if (count <= demo.length) return demo.slice(0, count).map((content, i) => ({ id: i + 1, content }));
  const next = random(46);
  const quotes = lib.seedQuotes.map((q) => q.hitokoto);
  const pool = [...quotes.join('').replace(/[^\p{Script=Han}]/gu, '')];
  return Array.from({ length: count }, (_, i) => {
    const parts = [demo[Math.floor(next() * demo.length)] ?? ''];
    const more = 6 + Math.floor(next() * 14);
    for (let k = 0; k < more; k += 1) parts.push(quotes[Math.floor(next() * quotes.length)] ?? '');
    if (varied)
      parts.push(Array.from({ length: 200 }, () => pool[Math.floor(next() * pool.length)]).join(''));
    return { id: i + 1, content: parts.join('\n\n') };
  });
};

/** @param {string} text */
const sizes = (text) => ({ raw: Buffer.byteLength(text), gz: gzipSync(text).length });
const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

const queries = [
  '代码',
  '夜里',
  'rust',
  'TypeScript 类型',
  '人生就像一盒巧克力',
  '山有木兮木有枝',
  // A pasted paragraph: capped at MAX_QUERY_TOKENS shards.
  '今天把博客的离线模式做完了：服务器不在的时候，页面会从 CDN 上的静态快照读取内容。',
];

for (const [count, varied] of /** @type {[number, boolean][]} */ ([
  [25, false],
  [1000, false],
  [1000, true],
])) {
  const essays = essaysOf(count, varied);
  /** @type {Map<string, string>} */
  const tree = new Map();
  const meta = lib.addSearchIndex(tree, essays);
  let raw = 0;
  let gz = 0;
  for (const text of tree.values()) {
    const s = sizes(text);
    raw += s.raw;
    gz += s.gz;
  }
  const chars = essays.reduce((sum, e) => sum + [...e.content].length, 0);
  say(
    `\n${count} essays${varied ? ' with random text (worst case)' : ''} (${Math.round(chars / count)} characters each on average): index ${kb(raw)} (gzip ${kb(gz)}), ${meta.shards} shards, ${meta.tokens} tokens`,
  );
  const label = `${count.toLocaleString('en')} essays${varied ? ', random text' : ''}`;
  row(`offline search index, ${label}`, `${kb(raw)} (gzip ${kb(gz)}) in ${meta.shards} shards`, '');
  let worst = 0;
  for (const query of queries) {
    const files = new Set([lib.searchMetaPath]);
    for (const token of lib.queryTokens(query))
      files.add(lib.searchShardPath(lib.shardOf(token, meta.shards)));
    let qRaw = 0;
    let qGz = 0;
    for (const file of files) {
      const s = sizes(tree.get(file) ?? '');
      qRaw += s.raw;
      qGz += s.gz;
    }
    worst = Math.max(worst, qRaw);
    if (query === '代码')
      row(`offline search query 代码, ${label}`, `${kb(qRaw)} (gzip ${kb(qGz)})`, '≤ 300 KB');
    say(
      `  query ${JSON.stringify(query.length > 12 ? `${query.slice(0, 11)}…` : query).padEnd(16)} ${String(files.size - 1).padStart(2)} shards: ${kb(qRaw).padStart(9)} (gzip ${kb(qGz)})  target ≤ 300 KB`,
    );
  }
  row(`offline search, costliest query, ${label}`, kb(worst), '≤ 300 KB');
  const page = essays.slice(0, 10).reduce((sum, e) => sum + Buffer.byteLength(JSON.stringify(e)), 0);
  say(`  + the essays of one result page (10, obfuscated JSON): about ${kb(page)}`);
}
