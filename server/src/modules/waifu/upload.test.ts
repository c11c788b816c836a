import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type FormPart, multipartBody } from '../../../test/multipartBody.ts';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0ffee' } })
    .withExif({ IFD0: { Make: 'Candy', Model: 'Jar' }, IFD3: { GPSLatitudeRef: 'N' } })
    .jpeg()
    .toBuffer();

describe('waifu uploads and edits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { DARK_KEY: 'k', IMAGE_MAX_BYTES: String(500 * 1024) },
    });
  });
  afterAll(() => t.close());

  const upload = (parts: FormPart[], owner = true) => {
    const { payload, headers } = multipartBody(parts);
    return t.server.inject({
      method: 'POST',
      url: '/api/blog/waifu',
      payload,
      headers: { ...headers, ...(owner ? asOwner : {}) },
    });
  };
  const inject = (method: 'PUT' | 'DELETE', url: string, payload?: object, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      headers: owner ? asOwner : {},
      ...(payload ? { payload } : {}),
    });
  const gallery = async () =>
    (await t.server.inject({ method: 'GET', url: '/api/blog/waifu', headers: { 'x-dark-key': 'k' } })).json()
      .data as {
      id: number;
      url: string;
      preview: string;
      title: string;
      width: number;
      height: number;
    }[];
  const filesIn = (dir: string): string[] => {
    const root = path.join(t.config.dataDir, 'files', dir);
    return fs.existsSync(root) ? fs.readdirSync(root) : [];
  };

  it.each([
    ['POST', '/blog/waifu'],
    ['PUT', '/blog/waifu/order'],
    ['PUT', '/blog/waifu/1'],
    ['DELETE', '/blog/waifu/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res =
      method === 'POST'
        ? await upload([{ name: 'file', filename: 'a.jpg', data: await photo(10, 10) }], false)
        : await inject(method, url, method === 'PUT' ? { ids: [] } : undefined, false);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('takes several images in one request: EXIF gone, sizes recorded, previews made, first in the gallery', async () => {
    const res = await upload([
      { name: 'title', value: '春日' },
      { name: 'tags', value: '风景, 蓝天' },
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await photo(800, 600) },
      { name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', data: await photo(300, 900) },
    ]);
    expect(res.statusCode).toBe(200);
    const added = res.json().data;
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ width: 800, height: 600, title: '春日', tags: ['风景', '蓝天'] });
    expect(added[1]).toMatchObject({ width: 300, height: 900 });
    const original = await t.server.inject({ method: 'GET', url: added[0].url });
    expect((await sharp(original.rawPayload).metadata()).exif).toBeUndefined();
    const preview = await t.server.inject({ method: 'GET', url: added[0].preview });
    const previewMeta = await sharp(preview.rawPayload).metadata();
    expect(previewMeta).toMatchObject({ format: 'webp', width: 480, height: 360 });
    // Smaller than the preview width: not enlarged.
    const small = await sharp(
      (await t.server.inject({ method: 'GET', url: added[1].preview })).rawPayload,
    ).metadata();
    expect(small.width).toBe(300);
    expect((await gallery()).map((w) => w.id)).toEqual([added[0].id, added[1].id]);
    expect(filesIn('tmp')).toEqual([]);
  });

  it('refuses a text file named .png with 4150 and keeps nothing of the request', async () => {
    const before = filesIn('waifu').length;
    const count = (await gallery()).length;
    const res = await upload([
      { name: 'file', filename: 'ok.jpg', contentType: 'image/jpeg', data: await photo(20, 20) },
      {
        name: 'file',
        filename: 'fake.png',
        contentType: 'image/png',
        data: Buffer.from('just some text, not a picture'),
      },
    ]);
    expect(res.json().code).toBe(ErrorCode.unsupportedMediaType);
    expect(filesIn('waifu').length).toBe(before);
    expect((await gallery()).length).toBe(count);
    expect(filesIn('tmp')).toEqual([]);
  });

  it('reorders, edits a caption and deletes (with its files); the gallery follows at once', async () => {
    await upload([{ name: 'file', filename: 'c.jpg', contentType: 'image/jpeg', data: await photo(50, 50) }]);
    const ids = (await gallery()).map((w) => w.id);
    const reversed = [...ids].reverse();
    expect((await inject('PUT', '/blog/waifu/order', { ids: reversed })).statusCode).toBe(200);
    expect((await gallery()).map((w) => w.id)).toEqual(reversed);
    const first = reversed[0] as number;
    expect((await inject('PUT', `/blog/waifu/${first}`, { title: '新说明' })).json().data.title).toBe(
      '新说明',
    );
    expect((await gallery())[0]?.title).toBe('新说明');
    const victim = (await gallery())[0];
    expect((await inject('DELETE', `/blog/waifu/${first}`)).json().data).toEqual({ id: first });
    expect((await gallery()).map((w) => w.id)).toEqual(reversed.slice(1));
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', (victim?.url ?? '').slice(7)))).toBe(false);
    expect((await inject('DELETE', `/blog/waifu/${first}`)).json().code).toBe(ErrorCode.notFound);
  });

  it.each([
    ['/blog/waifu/order', { ids: ['x'] }, 'ids.0'],
    ['/blog/waifu/1', { title: 'x'.repeat(201) }, 'title'],
    ['/blog/waifu/1', { tags: 'nope' }, 'tags'],
  ])('PUT %s refuses %j with 4000 on %s', async (url, payload, field) => {
    const res = await inject('PUT', url, payload);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
  });
});
