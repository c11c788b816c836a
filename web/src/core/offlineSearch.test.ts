import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { obfuscate } from '@candy/contract/obfuscation';
import { searchShardPath, shardOf } from '@candy/contract/snapshotSearch';
import { addSearchIndex } from '@candy/contract/snapshotSearchIndex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setNotifier } from './notify.ts';
import { offlineRead, resetOfflineSource } from './offline.ts';
import { runtimeConfig } from './runtimeConfig.ts';

/** A mirror on 127.0.0.1 holding essays and the search index the exporter writes (issue 46.1). */
let server: http.Server;
const hits: string[] = [];
const files = new Map<string, string>();
const notices: string[] = [];

const texts: Record<number, string> = {
  1: '夜里睡不着，起来写了一段代码，又删掉了。',
  2: '学习 Rust 的第三天，终于和借用检查器握手言和了。',
  3: '代写的码不算数。', // holds the characters of 代码, not the word
  ...Object.fromEntries(Array.from({ length: 14 }, (_, i) => [10 + i, `第${10 + i}篇：写代码。`])),
};

type Page = { list: { id: number; content: string }[]; hasMore: boolean };
const search = async (keyword: string, start?: number) =>
  (await offlineRead('essayList', { query: { keyword, ...(start ? { start } : {}) } })) as Page;

beforeAll(async () => {
  const essays = Object.entries(texts).map(([id, content]) => ({ id: Number(id), content }));
  const tree = new Map<string, string>();
  addSearchIndex(tree, essays);
  for (const [rel, text] of tree) files.set(`/${rel}`, text);
  for (const { id, content } of essays)
    files.set(`/blog/essay/${id}`, JSON.stringify({ id, content: obfuscate(content) }));
  files.set('/index.html', `<title>${runtimeConfig.title}</title>`);
  server = http.createServer((req, res) => {
    hits.push((req.url ?? '').split('?')[0] ?? '');
    const body = files.get(hits.at(-1) ?? '');
    res.writeHead(body === undefined ? 404 : 200);
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  runtimeConfig.offlineMirrors = [`http://127.0.0.1:${(server.address() as AddressInfo).port}`];
  setNotifier((_kind, message) => notices.push(message));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  resetOfflineSource();
  hits.length = 0;
  notices.length = 0;
});

describe('keyword search in the offline snapshot (issue 46.1)', () => {
  it('finds a two-character Chinese word, newest first, and not its characters apart', async () => {
    const first = await search('代码');
    expect(first.list.map((e) => e.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.list[0]?.content).toBe('第23篇：写代码。');
    expect(first.hasMore).toBe(true);
    const rest = await search('代码', 14);
    expect(rest.list.map((e) => e.id)).toEqual([13, 12, 11, 10, 1]);
    expect(rest.hasMore).toBe(false);
    expect(notices).toEqual([]);
  });

  it('finds an English word whatever its case', async () => {
    expect((await search('rust')).list.map((e) => e.id)).toEqual([2]);
  });

  it('drops an essay holding every bigram of a phrase but not the phrase', async () => {
    // 夜里 and 代码 are both in essay 1, but not as 夜里代码.
    expect((await search('夜里代码')).list).toEqual([]);
    expect((await search('夜里 代码')).list.map((e) => e.id)).toEqual([1]);
  });

  it('loads only the meta and the shards of the query tokens, never the whole index', async () => {
    const meta = JSON.parse(files.get('/search/meta.json') ?? '{}') as { shards: number };
    await search('rust');
    const indexHits = hits.filter((h) => h.startsWith('/search/'));
    expect(indexHits).toEqual(['/search/meta.json', `/${searchShardPath(shardOf('rust', meta.shards))}`]);
  });

  it('still jumps to #id', async () => {
    expect((await search('#2')).list.map((e) => e.id)).toEqual([2]);
    expect(hits.some((h) => h.startsWith('/search/'))).toBe(false);
  });
});
