import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import { photograph } from '../../../test/fakes/photograph.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { backfillImages } from './backfill.ts';

type Status = { pending: number; ready: number; skip: number; failed: number; lastError: string | null };

/**
 * Pictures stored before the image pipeline (issue 30) have no `image` row: the gallery's uploads
 * above all. The backfill (the command and the back office's 查找旧图片) finds them through the
 * modules that show them and registers them before making copies.
 */
describe('the backfill finds pictures stored before the pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const status = async () =>
    (await t.server.inject({ method: 'GET', url: '/api/static/image/variants', headers: asOwner })).json()
      .data as Status;
  const settled = async () => {
    for (let tries = 0; tries < 300 && (await status()).pending > 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await t.modules.scheduler.idle();
    return status();
  };
  const store = async (key: string, body: Buffer) =>
    t.storage.put(key, Readable.from(body), { contentType: 'image/jpeg' });
  /** A gallery row as uploads wrote it before the pipeline: the file and its row, no `image` row. */
  const oldGalleryPicture = async (key: string, body: Buffer, width: number, height: number) => {
    await store(key, body);
    await t.database.db
      .insertInto('waifu')
      .values({
        url: `/files/${key}`,
        preview: `/files/${key}`,
        width,
        height,
        title: '旧图',
        created_at: t.clock.now,
      })
      .execute();
  };
  const rowOf = (key: string) =>
    t.database.db.selectFrom('image').selectAll().where('key', '=', key).executeTakeFirst();

  it('registers the gallery’s, moments’ and essays’ old pictures (once), and makes their copies', async () => {
    await oldGalleryPicture('waifu/old-1.jpg', await photograph(900, 600), 900, 600);
    await store('images/2024/01/moment.jpg', await photograph(700, 700));
    await t.database.db
      .insertInto('moment')
      .values({
        content: '旧动态',
        images: JSON.stringify([{ url: '/files/images/2024/01/moment.jpg', width: 700, height: 700 }]),
        created_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .execute();
    await store('images/2024/01/essay.jpg', await photograph(640, 480));
    // A hidden draft's picture counts too, and a picture no longer in storage is only counted.
    await insertEssays(t, [
      {
        content: '![旧](/files/images/2024/01/essay.jpg) ![没了](/files/images/2024/01/gone.jpg)',
        hide: true,
      },
    ]);

    const adopted = await t.server.inject({
      method: 'POST',
      url: '/api/static/image/variants/adopt',
      headers: asOwner,
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json().data).toMatchObject({ registered: 3, missing: 1 });
    expect(await rowOf('waifu/old-1.jpg')).toMatchObject({ mime: 'image/jpeg', width: 900, height: 600 });

    // The adopt call started the job: every one of them gets its copies.
    expect(await settled()).toMatchObject({ pending: 0, ready: 3, failed: 0 });
    const pictures = await t.modules.images.picturesOf(['/files/waifu/old-1.jpg']);
    expect(pictures['/files/waifu/old-1.jpg']?.widths).toEqual([320, 640, 900]);

    // A second run finds nothing new: each picture has one row.
    const again = await t.server.inject({
      method: 'POST',
      url: '/api/static/image/variants/adopt',
      headers: asOwner,
    });
    expect(again.json().data).toMatchObject({ registered: 0, missing: 1, ready: 3 });
    const rows = await t.database.db.selectFrom('image').select('key').execute();
    expect(rows.map((r) => r.key).sort()).toEqual([
      'images/2024/01/essay.jpg',
      'images/2024/01/moment.jpg',
      'waifu/old-1.jpg',
    ]);
  });

  it('the command registers first, then makes the copies, saying how many it found', async () => {
    await oldGalleryPicture('waifu/old-2.jpg', await photograph(500, 800), 500, 800);
    const lines: string[] = [];
    const done = await backfillImages(t.modules.images, {
      retryFailed: false,
      print: (line) => lines.push(line),
      language: 'en',
    });
    expect(done).toMatchObject({ ready: 1, failed: 0 });
    expect(lines[0]).toBe('registered 1 picture(s) stored before the pipeline (1 named but not in storage)');
    expect(lines).toContain('[1/1] ready  waifu/old-2.jpg');
    expect((await rowOf('waifu/old-2.jpg'))?.variant_state).toBe('ready');
  });

  it('registers a corrupt old picture too: it fails at once, and 重试 after repairing it makes its copies', async () => {
    await oldGalleryPicture('waifu/broken.jpg', Buffer.from('not a picture at all'), 400, 300);
    await t.server.inject({ method: 'POST', url: '/api/static/image/variants/adopt', headers: asOwner });
    // Its size comes from the gallery's row, its type from its name: the decoder could read neither.
    expect(await rowOf('waifu/broken.jpg')).toMatchObject({ mime: 'image/jpeg', width: 400, height: 300 });
    // The decoder refuses it: no waiting a minute and then two for the same answer.
    const failed = await settled();
    expect(failed).toMatchObject({ pending: 0, failed: 1 });
    expect(failed.lastError).toMatch(/^waifu\/broken\.jpg：/);
    expect((await rowOf('waifu/broken.jpg'))?.variant_attempts).toBe(3);

    await store('waifu/broken.jpg', await photograph(400, 300));
    const retried = await t.server.inject({
      method: 'POST',
      url: '/api/static/image/variants/retry',
      headers: asOwner,
    });
    expect(retried.json().data).toMatchObject({ retried: 1, failed: 0 });
    expect(await settled()).toMatchObject({ pending: 0, failed: 0, lastError: null });
    expect((await rowOf('waifu/broken.jpg'))?.variant_state).toBe('ready');
  });

  it('is the owner’s: a visitor is refused', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/static/image/variants/adopt' });
    expect(res.statusCode).toBe(401);
  });
});
