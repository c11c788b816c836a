import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { waitForApp } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openVisitor } from '../support/visitors.ts';

/** The demo essay holding `[music:1901371647]`, and what a NetEase-compatible API says about it. */
const songId = 1901371647;
const cover = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')}`;

/** A NetEase-compatible music API on 127.0.0.1 (the recorded `/song/detail` and `/song/url` shapes). */
const startUpstream = async () => {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname === '/song/detail') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      const songs = ids
        .filter((id) => id === songId)
        .map((id) => ({
          id,
          name: '雨天',
          ar: [{ name: '歌手甲' }, { name: '歌手乙' }],
          al: { picUrl: cover },
        }));
      res.end(JSON.stringify({ code: 200, songs, privileges: [] }));
    } else {
      res.end(JSON.stringify({ code: 200, data: [{ id: Number(url.searchParams.get('id')), url: null }] }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('music cards in Chromium (own server with a music provider)', () => {
  let browser: Browser;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let app: RunningServer;

  beforeAll(async () => {
    upstream = await startUpstream();
    app = await startServer({ MUSIC_API_BASE: upstream.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
    upstream?.server.close();
  });

  it('shows the track of [music:<id>] with its name and singers joined by /', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${app.url}/chaos#3`);
    const card = page.getByTestId('music-card');
    await card.locator('.music-card-title').waitFor();
    expect(await card.locator('.music-card-title').textContent()).toBe('雨天');
    expect(await card.locator('.music-card-singer').textContent()).toBe('歌手甲/歌手乙');
    await context.close();
  });

  it('says the song cannot be found when it has no play address', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${app.url}/chaos#3`);
    const card = page.getByTestId('music-card');
    await card.getByRole('button', { name: '播放 雨天' }).click();
    await expect
      .poll(() => card.locator('.music-card-error').textContent())
      .toBe(`没有找到对应的音乐: ${songId}`);
    await context.close();
  });
});

describe('music cards on a default install (no music service configured)', () => {
  let browser: Browser;
  // The shared e2e server runs without MUSIC_API_BASE, as a fresh install does.
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it.each(['/chaos#3', '/about'])(
    '%s asks nothing of the missing music service and has no console error or failing request',
    async (path) => {
      const { page, context, errors } = await openVisitor(browser);
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`console: ${m.text()}`);
      });
      page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
      page.on('response', (r) => {
        if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
      });
      const musicCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/music/')) musicCalls.push(r.url());
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      await waitForApp(page);
      if (path.startsWith('/chaos')) {
        // The demo essay's [music:…] card says quietly that there is no music service here.
        const card = page.getByTestId('music-card');
        await card.waitFor();
        expect(await card.textContent()).toContain('未配置音乐服务');
      }
      await page.waitForLoadState('networkidle');
      expect(musicCalls).toEqual([]);
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
