import { resolveObjectURL } from 'node:buffer';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Waifu } from '@candy/contract/calls/waifu';
import { newDarkSalt, sealDark, sealPicture } from '@candy/contract/darkSeal';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setNotifier } from './notify.ts';
import { offlineRead, resetOfflineSource } from './offline.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { storage } from './storage.ts';

/** A mirror holding sealed moments, gallery and one sealed picture, as the exporter writes them. */
let server: http.Server;
const files = new Map<string, string>();
const photo = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
const info = {
  width: 4,
  height: 3,
  thumbhash: null,
  base: '/files/images/v/ab/',
  widths: [320],
  fallback: 'jpg',
};
const waifu = [
  {
    id: 7,
    url: '/files/w.jpg',
    preview: '/files/w-480.jpg',
    width: 4,
    height: 3,
    title: '甲',
    tags: [],
    pictures: { '/files/w.jpg': info },
  },
];
const moments = Array.from({ length: 13 }, (_, i) => ({
  id: 13 - i,
  content: i === 2 ? '下班路上看到一只橘猫。' : `第${13 - i}条`,
  images: i === 0 ? [{ url: '/files/w.jpg', width: 4, height: 3 }] : [],
  createdAt: 1000 - i,
  updatedAt: 1000 - i,
  pictures: i === 0 ? { '/files/w.jpg': info } : {},
}));

const bytesOf = async (blobUrl: string) =>
  new Uint8Array(await (resolveObjectURL(blobUrl)?.arrayBuffer() ?? new ArrayBuffer(0)));
type MomentPage = { list: typeof moments; hasMore: boolean };

beforeAll(async () => {
  const salt = newDarkSalt();
  const sealed = await sealPicture(photo);
  const seal = async (value: unknown) =>
    JSON.stringify({ seal: await sealDark(JSON.stringify(value), 'dk', salt) });
  files.set('/index.html', `<title>${runtimeConfig.title}</title>`);
  files.set('/blog/waifu/data', await seal(waifu));
  files.set('/blog/moments/data', await seal(moments));
  files.set(
    '/dark/pictures',
    await seal({ '/files/w.jpg': { file: 'f1', key: sealed.key, type: 'image/webp' } }),
  );
  files.set('/dark/p/f1', JSON.stringify(sealed.text));
  server = http.createServer((req, res) => {
    const body = files.get((req.url ?? '').split('?')[0] ?? '');
    res.writeHead(body === undefined ? 404 : 200);
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  runtimeConfig.offlineMirrors = [`http://127.0.0.1:${(server.address() as AddressInfo).port}`];
  setNotifier(() => undefined);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  resetOfflineSource();
  storage.set({ darkModeDecodeKey: '' });
});

describe('dark content offline, unsealed in the browser (issue 46.2)', () => {
  it.each([
    ['', 'without a key'],
    ['wrong', 'with a wrong key'],
  ])('refuses with 4031 %s', async (key) => {
    storage.set({ darkModeDecodeKey: key });
    await expect(offlineRead('waifuList', { silent: true })).rejects.toMatchObject({ code: 4031 });
    await expect(offlineRead('momentList', { silent: true })).rejects.toMatchObject({ code: 4031 });
  });

  it('opens the gallery with the key, its picture a blob: URL of the unsealed small copy', async () => {
    storage.set({ darkModeDecodeKey: 'dk' });
    const [item] = (await offlineRead('waifuList', {})) as Waifu[];
    expect(item?.url).toMatch(/^blob:/);
    expect(item?.preview).toBe(item?.url);
    expect(await bytesOf(item?.url ?? '')).toEqual(photo);
    // No resized copies offline: the placeholder's size stays, the copies' base goes.
    expect(item?.pictures?.[item.url]).toMatchObject({ width: 4, base: null, widths: [] });
  });

  it('pages the moments by ten after start, and searches them', async () => {
    storage.set({ darkModeDecodeKey: 'dk' });
    const first = (await offlineRead('momentList', { query: {} })) as MomentPage;
    expect(first.list.map((m) => m.id)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(first.hasMore).toBe(true);
    expect(first.list[0]?.images[0]?.url).toMatch(/^blob:/);
    const rest = (await offlineRead('momentList', { query: { start: 4 } })) as MomentPage;
    expect(rest.list.map((m) => m.id)).toEqual([3, 2, 1]);
    expect(rest.hasMore).toBe(false);
    const found = (await offlineRead('momentList', { query: { keyword: '橘猫' } })) as MomentPage;
    expect(found.list.map((m) => m.id)).toEqual([11]);
  });

  it('opens afresh when the key changes to a wrong one', async () => {
    storage.set({ darkModeDecodeKey: 'dk' });
    await offlineRead('momentList', { query: {} });
    storage.set({ darkModeDecodeKey: 'nope' });
    await expect(offlineRead('momentList', { silent: true })).rejects.toMatchObject({ code: 4031 });
  });
});
