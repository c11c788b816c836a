import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipartBody.ts';

/** A JPEG as a phone writes it: EXIF with a GPS position. */
const photoWithLocation = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#e4578c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'CandyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
    .toBuffer();

describe('image uploads (POST /static/image)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { IMAGE_MAX_BYTES: String(200 * 1024) } });
  });
  afterAll(() => t.close());

  const upload = (data: Buffer, filename = 'photo.jpg', owner = true) => {
    const { payload, headers } = multipartBody([{ name: 'file', filename, contentType: 'image/jpeg', data }]);
    return t.server.inject({
      method: 'POST',
      url: '/api/static/image',
      payload,
      headers: { ...headers, ...(owner ? asOwner : {}) },
    });
  };
  const filesIn = (dir: string): string[] => {
    const root = path.join(t.config.dataDir, 'files', dir);
    if (!fs.existsSync(root)) return [];
    return (
      fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        // The image pipeline's copies (images/v/…) come and go on their own, after each upload.
        .filter(
          (e) =>
            e.isFile() &&
            !e.parentPath.includes(`${path.sep}v${path.sep}`) &&
            !e.parentPath.endsWith(`${path.sep}v`),
        )
        .map((e) => e.name)
    );
  };

  it('stores the image without its EXIF location and answers its url and size', async () => {
    const original = await photoWithLocation();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { url: string; width: number; height: number };
    expect(data).toMatchObject({ width: 64, height: 48 });
    expect(data.url).toMatch(/^\/files\/images\/\d{4}\/\d{2}\/[\w-]+\.jpg$/);
    const served = await t.server.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(filesIn('tmp')).toEqual([]);
  });

  it('refuses a text file named .jpg with 4150 and keeps nothing', async () => {
    const before = filesIn('images').length;
    const res = await upload(Buffer.from('just some text, not a picture'), 'fake.jpg');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.unsupportedMediaType);
    expect(filesIn('images').length).toBe(before);
    expect(filesIn('tmp')).toEqual([]);
  });

  it('refuses an image over the configured cap with 4130 and keeps nothing', async () => {
    const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(200 * 1024);
    const before = filesIn('images').length;
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ErrorCode.payloadTooLarge);
    expect(filesIn('images').length).toBe(before);
    expect(filesIn('tmp')).toEqual([]);
  });

  it('answers 4010 to a visitor and 4150 to a non-multipart body', async () => {
    expect((await upload(await photoWithLocation(), 'p.jpg', false)).statusCode).toBe(401);
    const json = await t.server.inject({
      method: 'POST',
      url: '/api/static/image',
      headers: asOwner,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 4000 when the file field is missing', async () => {
    const { payload, headers } = multipartBody([{ name: 'note', value: 'no file here' }]);
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/static/image',
      payload,
      headers: { ...headers, ...asOwner },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('file');
  });
});
