import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { obfuscate } from '@candy/contract/obfuscation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestError } from './errors.ts';
import { type NoticeKind, setNotifier } from './notify.ts';
import { offlineRead, pickMirror, resetOfflineSource } from './offline.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { storage } from './storage.ts';

/** Two mirrors on 127.0.0.1: `/wrong` serves another site's index, `/good` the snapshot. */
let server: http.Server;
let origin = '';
const hits: string[] = [];
const files = new Map<string, string>();
const notices: { kind: NoticeKind; message: string }[] = [];

const ids = Array.from({ length: 23 }, (_, i) => 23 - i);

beforeAll(async () => {
  files.set('/good/index.html', `<title>${runtimeConfig.title}</title>`);
  files.set('/wrong/index.html', '<title>someone else</title>');
  files.set('/good/blog/essay/index', JSON.stringify(ids));
  for (const id of ids)
    files.set(`/good/blog/essay/${id}`, JSON.stringify({ id, content: obfuscate(`第${id}篇`) }));
  files.set(
    '/music/song/detail',
    JSON.stringify({
      songs: [
        { id: 42, name: '雨', ar: [{ name: '甲' }, { name: '乙' }], al: { picUrl: 'https://p/1.jpg' } },
      ],
    }),
  );
  files.set('/music/song/url', JSON.stringify({ data: [{ id: 42, url: 'https://m/42.mp3' }] }));
  files.set('/good/blog/link/data', JSON.stringify([{ id: 1, name: 'a', url: 'https://a', state: 1 }]));
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = files.get((req.url ?? '').split('?')[0] ?? '');
    res.writeHead(body === undefined ? 404 : 200);
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set('/good/music/settings', JSON.stringify({ proxyBase: `${origin}/music/` }));
  setNotifier((kind, message) => notices.push({ kind, message }));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  runtimeConfig.offlineMirrors = [`${origin}/down`, `${origin}/wrong`, `${origin}/good/`];
  resetOfflineSource();
  hits.length = 0;
  notices.length = 0;
  storage.set({ darkModeDecodeKey: '' });
});

describe('the offline source (spec §7, §8)', () => {
  it('takes the first mirror whose index page names the site, in order', async () => {
    expect(await pickMirror()).toBe(`${origin}/good`);
    expect(hits.map((h) => h.split('?')[0])).toEqual([
      '/down/index.html',
      '/wrong/index.html',
      '/good/index.html',
    ]);
  });

  it('adds a timestamp query to every request', async () => {
    await offlineRead('linkList', {});
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit).toMatch(/\?t=\d+$/);
  });

  it('pages essays by 10 after the start cursor, newest first, content readable', async () => {
    const first = (await offlineRead('essayList', { query: {} })) as {
      list: { id: number; content: string }[];
      hasMore: boolean;
    };
    expect(first.list.map((e) => e.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.list[0]?.content).toBe('第23篇');
    expect(first.hasMore).toBe(true);
    const last = (await offlineRead('essayList', { query: { start: 4 } })) as {
      list: { id: number }[];
      hasMore: boolean;
    };
    expect(last.list.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(last.hasMore).toBe(false);
  });

  it('searches only by #id on a snapshot exported without a search index', async () => {
    const found = (await offlineRead('essayList', { query: { keyword: '#5' } })) as {
      list: { id: number }[];
    };
    expect(found.list.map((e) => e.id)).toEqual([5]);
    const error = (await offlineRead('essayList', { query: { keyword: '猫' } })?.catch(
      (e: unknown) => e,
    )) as RequestError;
    expect(error.message).toBe('离线模式下仅可以使用[#id]形式检索');
  });

  it('toasts the #id-only rule even for a silent search (spec §8)', async () => {
    await expect(offlineRead('essayList', { query: { keyword: '狗' }, silent: true })).rejects.toMatchObject({
      code: 4000,
      toasted: true,
    });
    expect(notices).toEqual([{ kind: 'error', message: '离线模式下仅可以使用[#id]形式检索' }]);
  });

  it('reads any article as article 1', async () => {
    files.set('/good/blog/article/1', JSON.stringify({ id: 1, content: 'about' }));
    expect(await offlineRead('articleDetail', { params: { id: 9 } })).toEqual({ id: 1, content: 'about' });
  });

  it('toasts a failed fetch and drops the cached entry, so the next read fetches again', async () => {
    await expect(offlineRead('bangumiList', {})).rejects.toThrow('离线数据加载失败');
    expect(notices[0]?.kind).toBe('error');
    files.set('/good/blog/bangumi/data', '[]');
    expect(await offlineRead('bangumiList', {})).toEqual([]);
  });

  it('toasts a failed fetch of a silent read too, once while its toast is up (spec §8)', async () => {
    files.delete('/good/blog/link/data');
    await expect(offlineRead('linkList', { silent: true })).rejects.toMatchObject({ toasted: true });
    await expect(offlineRead('linkList', { silent: true })).rejects.toThrow('离线数据加载失败');
    expect(notices.map((n) => n.kind)).toEqual(['error']);
    expect(notices[0]?.message).toMatch(/^离线数据加载失败: /);
  });

  it('has no offline variant for other calls', () => {
    expect(offlineRead('systemVersion', {})).toBeNull();
  });

  it('plays music offline through the public proxy named in the snapshot', async () => {
    runtimeConfig.musicProxyPublic = '';
    expect(await offlineRead('musicSongDetail', { query: { ids: '42' } })).toEqual([
      { id: 42, name: '雨', singer: '甲/乙', picUrl: 'https://p/1.jpg', url: 'https://m/42.mp3' },
    ]);
    expect(await offlineRead('musicSongUrl', { query: { id: '42' } })).toEqual({
      id: 42,
      url: 'https://m/42.mp3',
    });
    expect(hits.some((h) => h.startsWith('/music/song/detail?ids=42'))).toBe(true);
  });

  it('says 没有找到对应的音乐 for a song the proxy does not know', async () => {
    runtimeConfig.musicProxyPublic = `${origin}/music`;
    await expect(offlineRead('musicSongDetail', { query: { ids: '7' }, silent: true })).rejects.toMatchObject(
      {
        code: 4040,
        message: '没有找到对应的音乐: 7',
      },
    );
    expect(hits.some((h) => h.includes('music/settings'))).toBe(false);
    runtimeConfig.musicProxyPublic = '';
  });
});
