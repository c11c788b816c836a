import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/s3.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The demo's photographs and cards (issue 30) are stored like uploads, through the blob storage: on S3 they are
 * in the bucket and get their copies there; on the local disk they stay where they always were.
 */
const demoSuite = (name: string, env: () => Record<string, string>, onDisk: boolean) =>
  describe(`the demo photographs, ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true, env: env() });
    });
    afterAll(() => t.close());

    it('are stored through the storage and get their copies there', { timeout: 90_000 }, async () => {
      const stored = await t.storage.list('images/demo/');
      // The cards of moments, the gallery and the anime covers, then the essays' photographs.
      expect(stored.map((blob) => blob.key)).toEqual([
        ...Array.from({ length: 8 }, (_, i) => `images/demo/card-${i + 1}.jpg`),
        'images/demo/photo-1.jpg',
        'images/demo/photo-2.jpg',
        'images/demo/photo-3.jpg',
      ]);
      const local = path.join(t.config.dataDir, 'files', 'images', 'demo', 'photo-1.jpg');
      expect(fs.existsSync(local)).toBe(onDisk);

      // As the server does once it listens.
      t.modules.images.startIfPending();
      for (let tries = 0; tries < 600; tries += 1) {
        const { pending } = await t.modules.images.status();
        if (pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await t.modules.scheduler.idle();
      expect(await t.modules.images.status()).toMatchObject({ pending: 0, ready: 11, failed: 0 });

      const url = '/files/images/demo/photo-2.jpg';
      const info = (await t.modules.images.picturesOf([url]))[url];
      expect(info?.widths).toEqual([320, 640, 960, 1280, 1920]);
      const folder = (info?.base ?? '').replace(/^\/files\//, '');
      expect(await t.storage.list(folder)).toHaveLength(15);
      // A card gets its copies too, none wider than it (800 px).
      const card = '/files/images/demo/card-1.jpg';
      expect((await t.modules.images.picturesOf([card]))[card]?.widths).toEqual([320, 640, 800]);
      // Served from where they are stored.
      const copy = await t.server.inject({ method: 'GET', url: `${info?.base}640.avif` });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/avif');
    });
  });

demoSuite('on the local disk', () => ({}), true);

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});
demoSuite('on S3 (s3rver)', () => s3.env, false);
