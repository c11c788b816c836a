import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { afterDrop, goInApp, openPage, waitForPath } from '../support/pages.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';

/** A test video from ffmpeg's test sources (H.264 + AAC; a keyframe every `gop` frames at 25 fps). */
const makeVideo = (file: string, seconds: number, size = '320x240', gop = 25) =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(gop),
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);

const ownerEnv = {
  OWNER_USERNAME: E2E_OWNER.username,
  OWNER_PASSWORD: E2E_OWNER.password,
  SEED_DEMO: 'false',
};

const api =
  (server: RunningServer, key: string | null) => async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${url}`, {
      method,
      headers: {
        ...(key ? { 'x-fingerprint': key } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        code: number;
        data: Record<string, unknown>;
        errors?: { property: string }[];
      },
    };
  };

/** Waits until a clip has left the queue (ready, published or failed). */
const settled = async (call: ReturnType<typeof api>, id: number, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call('GET', '/video/material');
    const clip = (json.data as unknown as { id: number; status: string }[]).find((m) => m.id === id);
    if (clip && !['draft', 'processing'].includes(clip.status)) return clip;
    if (Date.now() > deadline) throw new Error(`clip ${id} still ${clip?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Essays have no write call yet (another issue): straight into the server's SQLite file. */
const insertEssay = (server: RunningServer, content: string): number => {
  const db = new Database(path.join(server.dataDir, 'candy.sqlite'));
  try {
    const now = Date.now() - 1000;
    const info = db
      .prepare(
        'INSERT INTO essay (content, hide, reservation, created_at, updated_at) VALUES (?, 0, NULL, ?, ?)',
      )
      .run(content, now, now);
    return Number(info.lastInsertRowid);
  } finally {
    db.close();
  }
};

const openEssay = async (browser: Browser, server: RunningServer, id: number) => {
  const opened = await openPage(browser, `${server.url}/chaos#${id}`);
  await opened.page.getByTestId('essay').waitFor();
  return opened;
};

describe('video clips and collections', () => {
  let browser: Browser;
  let server: RunningServer;
  let sourceDir: string;
  let owner: Awaited<ReturnType<typeof openAsOwner>>;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-e2e-videos-'));
    makeVideo(path.join(sourceDir, 'a.mp4'), 8);
    makeVideo(path.join(sourceDir, 'b.mp4'), 5, '256x144');
    browser = await launchBrowser();
    server = await startServer({ ...ownerEnv, VIDEO_SOURCE_DIR: sourceDir });
    owner = await openAsOwner(browser, server.url, '/great-old-one/ryona/material/create');
    call = api(server, await accessKeyOf(owner.page));
  }, 120_000);
  afterAll(async () => {
    await owner?.close();
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(sourceDir, { recursive: true, force: true });
  });

  it('the owner cuts a 3-second clip from a source, publishes it, and a visitor plays it in an essay', async () => {
    const page = owner.page;
    const create = page.locator('[data-page="/great-old-one/ryona/material/create"]');
    await create.getByTestId('source-video').filter({ hasText: 'a.mp4' }).click();
    const sheet = create.getByTestId('contact-sheet');
    await sheet.waitFor();
    await expect
      .poll(() => sheet.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await create.getByTestId('cut-start').fill('0:01');
    await create.getByTestId('cut-start').press('Enter');
    await create.getByTestId('cut-end').fill('0:04');
    await create.getByTestId('cut-end').press('Enter');
    await create.getByTestId('cut-title').fill('三秒钟');
    await create.getByTestId('cut-create').click();

    const list = page.locator('[data-page="/great-old-one/ryona/material"]');
    const row = list.locator('tr', { hasText: '三秒钟' });
    await row.locator('[data-status="ready"]').waitFor({ timeout: 90_000 });
    await row.getByTestId('publish-material').click();
    await row.locator('[data-status="published"]').waitFor();

    const clips = (await call('GET', '/video/material?keyword=三秒钟')).json.data as unknown as {
      id: number;
      duration: number;
    }[];
    const clip = clips[0];
    expect(clip?.duration).toBeGreaterThan(2.8);
    const essayId = insertEssay(server, `看这段：\n\n[video:${clip?.id}]\n\n完。`);

    const visitor = await openEssay(browser, server, essayId);
    const video = visitor.page.getByTestId('video-player');
    await video.waitFor();
    await visitor.page.waitForFunction(
      () => {
        const element = (globalThis as unknown as { document: Document }).document.querySelector(
          '[data-testid="video-player"]',
        ) as HTMLVideoElement | null;
        return element !== null && element.readyState >= 2;
      },
      undefined,
      { timeout: 20_000 },
    );
    const duration = await video.evaluate((element) => (element as unknown as HTMLVideoElement).duration);
    expect(Math.abs(duration - 3)).toBeLessThanOrEqual(0.2);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  }, 180_000);

  it('a collection of two clips publishes both and renders as a playlist; an unpublished clip is a quiet placeholder', async () => {
    const ids: number[] = [];
    for (const [title, source] of [
      ['第一段', 'a.mp4'],
      ['第二段', 'b.mp4'],
    ] as const) {
      const made = await call('POST', '/video/material', { title, sourcePath: source, start: 0, end: 2 });
      ids.push(made.json.data.id as number);
    }
    for (const id of ids) expect((await settled(call, id)).status).toBe('ready');
    const saved = await call('POST', '/video/collection', { title: '两段合集', materialIds: ids });
    const collectionId = saved.json.data.id as number;
    expect((await call('POST', '/video/publish/collection', { id: collectionId })).status).toBe(200);
    for (const id of ids) expect((await settled(call, id)).status).toBe('published');

    const hidden = await call('POST', '/video/material', {
      title: '未发布',
      sourcePath: 'b.mp4',
      start: 0,
      end: 1,
    });
    const essayId = insertEssay(server, `[collection:${collectionId}]\n\n[video:${hidden.json.data.id}]`);
    const visitor = await openEssay(browser, server, essayId);
    const playlist = visitor.page.getByTestId('video-playlist');
    await playlist.waitFor();
    expect(await playlist.locator('li').allTextContents()).toEqual([
      expect.stringContaining('第一段'),
      expect.stringContaining('第二段'),
    ]);
    await playlist.getByRole('button', { name: /第二段/ }).click();
    await expect
      .poll(() => playlist.locator('button[aria-current="true"]').textContent())
      .toContain('第二段');
    await visitor.page.getByTestId('video-missing').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  }, 180_000);

  it('the owner uploads a file instead, with upload progress, and it becomes a clip', async () => {
    const page = owner.page;
    await goInApp(page, '/great-old-one/ryona/material/create');
    const create = page.locator('[data-page="/great-old-one/ryona/material/create"]');
    await create.getByRole('tab', { name: '上传文件' }).click();
    const upload = create.getByTestId('video-upload');
    await upload.locator('input').first().fill('上传的片段');
    await upload.locator('.admin-dropzone input[type="file"]').setInputFiles(path.join(sourceDir, 'b.mp4'));
    await waitForPath(page, '/great-old-one/ryona/material');
    const row = page.locator('[data-page="/great-old-one/ryona/material"] tr', { hasText: '上传的片段' });
    await row.locator('[data-status="ready"]').waitFor({ timeout: 90_000 });
  }, 120_000);

  it('the owner builds a collection on its page: adds clips, drags them into order, publishes', async () => {
    const ids: number[] = [];
    for (const title of ['甲', '乙']) {
      const made = await call('POST', '/video/material', { title, sourcePath: 'b.mp4', start: 0, end: 1 });
      ids.push(made.json.data.id as number);
    }
    for (const id of ids) expect((await settled(call, id)).status).toBe('ready');
    const page = owner.page;
    await goInApp(page, '/great-old-one/ryona/group');
    const group = page.locator('[data-page="/great-old-one/ryona/group"]');
    await group.getByTestId('collection-new').click();
    const editor = group.getByTestId('collection-editor');
    await editor.getByTestId('collection-title').fill('拖动排序');
    for (const id of ids) {
      await editor.getByTestId('collection-add-select').selectOption(String(id));
      await editor.getByTestId('collection-add').click();
    }
    const clips = editor.getByTestId('collection-clip');
    await expect.poll(() => clips.count()).toBe(2);
    // Drag the second clip's handle above the first.
    const handle = clips.nth(1).locator('.video-drag');
    const from = await handle.boundingBox();
    const to = await clips.nth(0).boundingBox();
    if (!from || !to) throw new Error('no layout');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => clips.nth(0).textContent()).toContain('乙');
    await afterDrop(page);
    await editor.getByTestId('collection-publish').click();
    // The page's answer, whatever it is (a failure shows its toast text here).
    await expect
      .poll(() => page.locator('.toast').allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining('合集和其中的片段已发布'));
    await group
      .getByTestId('collection-table')
      .locator('tr', { hasText: '拖动排序' })
      .getByText('已发布')
      .waitFor();
    const page1 = (await call('POST', '/video/collection/page', { keyword: '拖动排序' })).json
      .data as unknown as {
      list: { materialIds: number[]; status: string }[];
    };
    expect(page1.list[0]).toMatchObject({ materialIds: [ids[1], ids[0]], status: 'published' });
  }, 120_000);

  it('offline, the embeds render from the snapshot (playing from the server)', async () => {
    const made = await call('POST', '/video/material', {
      title: '离线也在',
      sourcePath: 'b.mp4',
      start: 0,
      end: 2,
    });
    const id = made.json.data.id as number;
    await settled(call, id);
    await call('POST', '/video/publish/material', { id });
    const essayId = insertEssay(server, `[video:${id}]\n\n[video:987654]`);
    // `npm run snapshot -- --out DIR` into the folder this server serves at /snapshot/.
    execFileSync(
      process.execPath,
      [path.join(repoRoot, 'server/dist/cli.js'), 'snapshot', '--out', path.join(server.dataDir, 'snapshot')],
      { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } },
    );
    const visitor = await openPage(browser, `${server.url}/chaos#${essayId}`, {
      record: { offlineMode: true },
    });
    await visitor.page.getByTestId('essay').waitFor();
    const video = visitor.page.getByTestId('video-player');
    await video.waitFor();
    expect(await video.getAttribute('src')).toContain(`/video/media/${id}/`);
    await visitor.page.getByTestId('video-missing').waitFor();
    await visitor.close();
  }, 120_000);

  it('refuses a text file posing as .mp4 with 4150, and ../ in any source path with 4000', async () => {
    const form = new FormData();
    form.append('file', new Blob(['this is only text']), 'movie.mp4');
    const upload = await call('POST', '/static/video', form);
    expect(upload.status).toBe(415);
    expect(upload.json.code).toBe(4150);
    for (const [method, url, body] of [
      ['GET', '/video/source?path=..%2F', undefined],
      ['GET', '/video/source/screenshots?path=..%2Fa.mp4', undefined],
      ['POST', '/video/material', { title: 'x', sourcePath: '../a.mp4', start: 0, end: 1 }],
      ['POST', '/video/reupload', { id: 1, sourcePath: 'sub/../../a.mp4' }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.status, url).toBe(400);
      expect(res.json.code).toBe(4000);
    }
    const visitor = await api(server, null)('GET', '/video/source');
    expect(visitor.json.code).toBe(4010);
  });

  it.each([
    [1366, 860],
    [390, 844],
  ])(
    'at %i×%i a clip whose end is not after its start is refused at the field (issue 24)',
    async (width, height) => {
      const opened = await openAsOwner(browser, server.url, '/great-old-one/ryona/material/create', {
        viewport: { width, height },
      });
      const create = opened.page.locator('[data-page="/great-old-one/ryona/material/create"]');
      await create.getByTestId('source-video').filter({ hasText: 'a.mp4' }).click();
      await create.getByTestId('cut-start').fill('0:05');
      await create.getByTestId('cut-start').press('Enter');
      await create.getByTestId('cut-end').fill('0:02');
      await create.getByTestId('cut-end').press('Enter');
      const said = '结束（0:02.0）必须晚于开始（0:05.0）';
      const endField = create.locator('.admin-field', { has: opened.page.getByTestId('cut-end') });
      await expect.poll(() => endField.locator('.field-error').textContent()).toBe(said);
      const button = create.getByTestId('cut-create');
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toBe(said);
      await create.getByTestId('cut-end').fill('0:07');
      await create.getByTestId('cut-end').press('Enter');
      await expect.poll(() => button.isDisabled()).toBe(false);
      expect(await endField.locator('.field-error').count()).toBe(0);
      await opened.close();
    },
  );
});

describe('the processing queue across a crash', () => {
  it('a clip queued when the server is killed finishes after the restart', async () => {
    const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-e2e-videos-'));
    // Long, with sparse keyframes: a cut off a keyframe is re-encoded, so it takes a while.
    makeVideo(path.join(sourceDir, 'long.mp4'), 30, '640x360', 250);
    const browser = await launchBrowser();
    const env = { ...ownerEnv, VIDEO_SOURCE_DIR: sourceDir, VIDEO_WORKERS: '1' };
    let server = await startServer(env);
    try {
      const owner = await openAsOwner(browser, server.url);
      const key = await accessKeyOf(owner.page);
      await owner.close();
      let call = api(server, key);
      const ids: number[] = [];
      for (const title of ['先', '后']) {
        const made = await call('POST', '/video/material', {
          title,
          sourcePath: 'long.mp4',
          start: 0.5,
          end: 29.5,
        });
        ids.push(made.json.data.id as number);
      }
      const before = (await call('GET', '/video/material')).json.data as unknown as {
        id: number;
        status: string;
      }[];
      expect(before.find((m) => m.id === ids[1])?.status).toBe('draft');
      await server.kill();

      server = await startServer({ ...env, DATA_DIR: server.dataDir });
      call = api(server, key);
      for (const id of ids) expect((await settled(call, id, 120_000)).status).toBe('ready');
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      fs.rmSync(sourceDir, { recursive: true, force: true });
    }
  }, 300_000);
});
