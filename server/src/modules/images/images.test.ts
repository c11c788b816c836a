import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { photograph } from '../../../test/fakes/photograph.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/s3.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipartBody.ts';
import { backfillImages } from './backfill.ts';

/** A screenshot-like PNG with transparency. */
const screenshot = () =>
  sharp({
    create: { width: 1000, height: 700, channels: 4, background: { r: 40, g: 90, b: 200, alpha: 0.6 } },
  })
    .png()
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
/** A decompression bomb: a PNG of a few dozen bytes whose header says 20000×20000 pixels. */
const bomb = (): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

type Status = { pending: number; ready: number; skip: number; failed: number; lastError: string | null };

const pipelineSuite = (name: string, env: () => Record<string, string>) =>
  // Real AVIF, WebP and JPEG encodes of real photographs: on a machine both test lanes keep busy one
  // took longer than the 20 s default (a CI rehearsal).
  describe(`the image pipeline (issue 30), ${name}`, { timeout: 60_000 }, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ownerGuard: testOwnerGuard, env: env() });
    });
    afterAll(() => t.close());

    const upload = (data: Buffer, filename: string, contentType: string) => {
      const { payload, headers } = multipartBody([{ name: 'file', filename, contentType, data }]);
      return t.server.inject({
        method: 'POST',
        url: '/api/static/image',
        payload,
        headers: { ...headers, ...asOwner },
      });
    };
    const status = async () =>
      (await t.server.inject({ method: 'GET', url: '/api/static/image/variants', headers: asOwner })).json()
        .data as Status;
    const settled = async () => {
      for (let tries = 0; tries < 300; tries += 1) {
        if ((await status()).pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await t.modules.scheduler.idle();
      return status();
    };
    const picture = async (url: string) => (await t.modules.images.picturesOf([url]))[url];

    it('answers the upload at once, then makes AVIF, WebP and JPEG copies at every width below the original', async () => {
      const res = await upload(await photograph(2400, 1600), 'photo.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(200);
      const { url } = res.json().data as { url: string };
      expect((await settled()).ready).toBe(1);

      const info = await picture(url);
      expect(info).toMatchObject({
        width: 2400,
        height: 1600,
        widths: [320, 640, 960, 1280, 1920],
        fallback: 'jpg',
      });
      expect(info?.thumbhash).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(info?.base).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/$/);
      const original = await t.server.inject({ method: 'GET', url });
      for (const width of [320, 1920])
        for (const [ext, format] of [
          ['avif', 'heif'],
          ['webp', 'webp'],
          ['jpg', 'jpeg'],
        ] as const) {
          const copy = await t.server.inject({ method: 'GET', url: `${info?.base}${width}.${ext}` });
          expect(copy.statusCode, `${width}.${ext}`).toBe(200);
          expect(copy.headers['cache-control']).toContain('immutable');
          const meta = await sharp(copy.rawPayload).metadata();
          expect(meta.format).toBe(format);
          expect(meta.width).toBe(width);
          expect(copy.rawPayload.length).toBeLessThan(original.rawPayload.length);
        }
      // A phone's picture (640 wide, AVIF) costs a small part of the original.
      const phone = await t.server.inject({ method: 'GET', url: `${info?.base}640.avif` });
      expect(phone.rawPayload.length).toBeLessThan(original.rawPayload.length * 0.1);
    });

    it('answers an essay with its pictures, and again with their copies once made (the cache follows)', async () => {
      const { url } = (await upload(await photograph(1200, 800), 'essay.jpg', 'image/jpeg')).json().data as {
        url: string;
      };
      const created = await t.server.inject({
        method: 'POST',
        url: '/api/blog/essay',
        headers: asOwner,
        payload: { content: `一张照片\n\n![照片](${url})\n\n![别处的](https://example.com/x.png)` },
      });
      const id = created.json().data.id as number;
      const read = async () =>
        (await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` })).json().data
          .pictures as Record<string, { base: string | null; widths: number[]; width: number }>;
      // Read (and cached) while the copies may still be in the making…
      expect(Object.keys(await read())).toEqual([url]);
      await settled();
      // …then answered with them: making them dropped the cached answer.
      expect((await read())[url]).toMatchObject({ width: 1200, widths: [320, 640, 960, 1200] });
      expect((await read())[url]?.base).toMatch(/^\/files\/images\/v\//);
    });

    it('gives the gallery’s pictures their copies, and removes them with the picture', async () => {
      const { payload, headers } = multipartBody([
        { name: 'file', filename: 'waifu.jpg', contentType: 'image/jpeg', data: await photograph(900, 1200) },
        { name: 'title', value: '老婆' },
      ]);
      const uploaded = await t.server.inject({
        method: 'POST',
        url: '/api/blog/waifu',
        payload,
        headers: { ...headers, ...asOwner },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const [picture] = uploaded.json().data as { id: number; url: string }[];
      await settled();
      const listed = (
        await t.server.inject({ method: 'GET', url: '/api/blog/waifu', headers: asOwner })
      ).json().data as {
        id: number;
        url: string;
        pictures: Record<string, { base: string | null; widths: number[] }>;
      }[];
      const info = listed.find((w) => w.id === picture?.id)?.pictures[picture?.url ?? ''];
      expect(info?.widths).toEqual([320, 640, 900]);
      const folder = (info?.base ?? '').replace(/^\/files\//, '');
      expect((await t.storage.list(folder)).length).toBe(9);
      await t.server.inject({ method: 'DELETE', url: `/api/blog/waifu/${picture?.id}`, headers: asOwner });
      expect(await t.storage.list(folder)).toEqual([]);
      expect(await t.modules.images.picturesOf([picture?.url ?? ''])).toEqual({});
    });

    it('keeps PNG as the fallback of a screenshot with transparency, and its own width as the largest', async () => {
      const res = await upload(await screenshot(), 'shot.png', 'image/png');
      const { url } = res.json().data as { url: string };
      await settled();
      expect(await picture(url)).toMatchObject({ widths: [320, 640, 960, 1000], fallback: 'png' });
    });

    it('passes an animated GIF through untouched, with a placeholder', async () => {
      // Two frames stacked, cut into pages: an animated GIF as sharp writes one.
      const raw = Buffer.alloc(40 * 60 * 3);
      for (let i = 0; i < raw.length; i += 3) raw.set(i < raw.length / 2 ? [250, 160, 0] : [0, 120, 250], i);
      const animated = await sharp(raw, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
        .gif({ delay: [100, 100] })
        .toBuffer();
      const res = await upload(animated, 'moving.gif', 'image/gif');
      expect(res.statusCode).toBe(200);
      const { url } = res.json().data as { url: string };
      expect((await settled()).skip).toBeGreaterThanOrEqual(1);
      expect(await picture(url)).toMatchObject({ base: null, widths: [], width: 40, height: 30 });
      expect((await t.server.inject({ method: 'GET', url })).statusCode).toBe(200);
    });

    it('refuses a decompression bomb with 4130 and a truncated file with 4150, storing neither', async () => {
      const before = (await t.storage.list('images/')).length;
      const bombed = await upload(bomb(), 'bomb.png', 'image/png');
      expect(bombed.statusCode).toBe(413);
      expect(bombed.json()).toMatchObject({ code: 4130 });
      expect(bombed.json().errorMsg).toContain('像素');
      const whole = await photograph(300, 200);
      const cut = await upload(whole.subarray(0, Math.floor(whole.length / 2)), 'cut.jpg', 'image/jpeg');
      expect(cut.statusCode).toBe(415);
      expect(cut.json()).toMatchObject({ code: 4150 });
      await settled();
      expect((await t.storage.list('images/')).length).toBe(before);
      expect(await t.storage.list('tmp/')).toEqual([]);
    });

    it('retries a failed picture with back-off, gives up after three attempts, and tries again on request', async () => {
      await settled();
      const attempts = async () =>
        (
          await t.database.db
            .selectFrom('image')
            .select('variant_attempts')
            .where('key', '=', 'images/gone/missing.jpg')
            .executeTakeFirstOrThrow()
        ).variant_attempts;
      // A row whose original went missing from storage: its copies cannot be made.
      await t.database.db
        .insertInto('image')
        .values({
          key: 'images/gone/missing.jpg',
          mime: 'image/jpeg',
          width: 10,
          height: 10,
          size: 1,
          created_at: t.clock.now,
        })
        .execute();
      const fire = async () => {
        const res = await t.server.inject({
          method: 'POST',
          url: '/api/job/fire/image-variants',
          headers: asOwner,
        });
        expect(res.statusCode, res.body).toBe(200);
        // Firing answers once the run has started; the test waits for it to end.
        await t.modules.scheduler.idle();
      };
      await fire();
      expect(await status()).toMatchObject({ pending: 1, failed: 0 });
      // Not due again until a minute has passed.
      await fire();
      expect(await attempts()).toBe(1);
      for (const wait of [60_000, 120_000]) {
        t.clock.advance(wait);
        await fire();
      }
      const given = await status();
      expect(given).toMatchObject({ pending: 0, failed: 1 });
      expect(given.lastError).toContain('images/gone/missing.jpg');
      const retry = await t.server.inject({
        method: 'POST',
        url: '/api/static/image/variants/retry',
        headers: asOwner,
      });
      expect(retry.json().data).toMatchObject({ retried: 1, failed: 0 });
      // Tried again at once (the retry starts the job): it fails again and waits for its next turn.
      for (let tries = 0; tries < 100 && (await attempts()) !== 1; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await t.modules.scheduler.idle();
      expect(await attempts()).toBe(1);
      expect(await status()).toMatchObject({ pending: 1, failed: 0 });
      await t.database.db.deleteFrom('image').where('key', '=', 'images/gone/missing.jpg').execute();
    });

    it('backfills pictures stored before the pipeline, resuming after an interrupted run', async () => {
      await settled();
      const keys = ['images/old/one.jpg', 'images/old/two.jpg', 'images/old/three.jpg'];
      for (const key of keys) {
        const body = await photograph(700, 500);
        await t.storage.put(key, Readable.from(body), { contentType: 'image/jpeg' });
        await t.database.db
          .insertInto('image')
          .values({
            key,
            mime: 'image/jpeg',
            width: 700,
            height: 500,
            size: body.length,
            created_at: t.clock.now,
          })
          .execute();
      }
      // A run stopped after its first picture (the deadline passes while it works)…
      const first = await t.modules.images.processPending({
        deadline: t.clock.now + 1,
        onProgress: () => t.clock.advance(10),
      });
      expect(first).toMatchObject({ ready: 1 });
      expect((await status()).pending).toBe(2);
      // …and the backfill command finishes the rest, saying how far it is.
      const lines: string[] = [];
      const done = await backfillImages(t.modules.images, {
        retryFailed: false,
        print: (line) => lines.push(line),
        language: 'en',
      });
      expect(done).toMatchObject({ ready: 2, failed: 0 });
      expect(lines).toContain('2 picture(s) waiting for their copies');
      expect(lines.filter((line) => /^\[\d\/2\] ready +images\/old\//.test(line))).toHaveLength(2);
      const pictures = await t.modules.images.picturesOf(keys.map((key) => `/files/${key}`));
      expect(Object.values(pictures).map((p) => p.widths)).toEqual([
        [320, 640, 700],
        [320, 640, 700],
        [320, 640, 700],
      ]);
    });

    it('registers and backfills anime covers and video frames stored before they were registered', async () => {
      await settled();
      const cover = await photograph(400, 560);
      await t.storage.put('bangumi/old-cover.jpg', Readable.from(cover), { contentType: 'image/jpeg' });
      await t.storage.put('videos/9/old-frame.png', Readable.from(await screenshot()), {
        contentType: 'image/png',
      });
      // Not a picture: left alone.
      await t.storage.put('videos/9/old-clip.mp4', Readable.from(Buffer.from('not a picture')), {
        contentType: 'video/mp4',
      });
      const lines: string[] = [];
      const done = await backfillImages(t.modules.images, {
        retryFailed: false,
        print: (line) => lines.push(line),
        language: 'en',
      });
      expect(lines).toContain('registered 2 picture(s) stored before the pipeline');
      expect(done).toMatchObject({ ready: 2, failed: 0 });
      const pictures = await t.modules.images.picturesOf(['/files/bangumi/old-cover.jpg']);
      expect(pictures['/files/bangumi/old-cover.jpg']).toMatchObject({
        width: 400,
        height: 560,
        widths: [320, 400],
      });
      const frame = await t.modules.images.picturesByKey(new Map([['videos/9/old-frame.png', 'frame']]));
      expect(frame.frame).toMatchObject({ width: 1000, height: 700, fallback: 'png' });
      // Run again, nothing is registered twice.
      const again: string[] = [];
      await backfillImages(t.modules.images, {
        retryFailed: false,
        print: (line) => again.push(line),
        language: 'en',
      });
      expect(again).toContain('registered 0 picture(s) stored before the pipeline');
      expect(again).toContain('0 picture(s) waiting for their copies');
    });
  });

pipelineSuite('on the local disk', () => ({}));

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});
pipelineSuite('on S3 (s3rver)', () => s3.env);
