import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DarkSeal, openDark } from '@candy/contract/darkSeal';
import { deobfuscate } from '@candy/contract/obfuscation';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { hanOutsideContent } from '../support/language.ts';
import { goInApp, openGate } from '../support/pages.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';
import { type StaticServer, serveDirectory, spaCopyWithConfig } from '../support/staticServer.ts';

/**
 * Issue 6 end to end: the app is served by a static host (as from a CDN), the API server is
 * stopped, and the snapshot comes from mirrors on 127.0.0.1 — the first of which is not ours.
 * Before it stops, a visitor reads the site online through it (the API allows the host's origin,
 * `CORS_ORIGINS`) and picks English (issue 44: the choice survives the offline mode).
 */
describe('offline mode on a static snapshot (spec §4, §7, §8)', () => {
  let browser: Browser;
  let api: RunningServer;
  let site: StaticServer;
  let badMirror: StaticServer;
  let goodMirror: StaticServer;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-offline-'));
  let visibleIds: number[] = [];
  const snapshotDir = path.join(temp, 'snapshot');

  /** The visitor who chose English while the server was up (a Chinese browser). */
  let chose: { context: BrowserContext; page: Page };
  let apiRunning = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The static host listens first: the API is told to allow its origin.
    const siteDir = path.join(temp, 'site');
    site = await serveDirectory(siteDir, { spaFallback: true });
    api = await startServer({ DARK_KEY: 'e2e-dark-key', CORS_ORIGINS: site.url });
    apiRunning = true;
    // Export the snapshot of this server's database, as `npm run snapshot -- --out DIR` does.
    execFileSync(
      process.execPath,
      [path.join(repoRoot, 'server/dist/cli.js'), 'snapshot', '--out', snapshotDir],
      {
        env: { ...process.env, DATA_DIR: api.dataDir, DARK_KEY: 'e2e-dark-key', LOG_LEVEL: 'warn' },
      },
    );
    visibleIds = JSON.parse(fs.readFileSync(path.join(snapshotDir, 'blog/essay/index'), 'utf8'));
    goodMirror = await serveDirectory(snapshotDir);
    // A mirror that answers but is not our snapshot: its index page lacks the site title.
    const foreign = path.join(temp, 'foreign');
    fs.mkdirSync(path.join(foreign, 'blog/essay'), { recursive: true });
    fs.writeFileSync(path.join(foreign, 'index.html'), '<!doctype html><title>Someone else</title>');
    fs.writeFileSync(path.join(foreign, 'blog/essay/index'), '[424242]');
    badMirror = await serveDirectory(foreign);
    spaCopyWithConfig(path.join(repoRoot, 'web/dist'), siteDir, {
      title: '糖果罐',
      domains: ['localhost', '127.0.0.1'],
      apiBasePath: '/api',
      apiCandidates: [{ tier: 0, url: `${api.url}/api` }],
      devApiBase: '',
      offlineMirrors: [badMirror.url, goodMirror.url],
    });
    // Online, in Chinese as the browser asks, the visitor switches to English in the settings menu.
    const context = await browser.newContext({ locale: 'zh-CN' });
    chose = { context, page: await context.newPage() };
    await chose.page.goto(`${site.url}/chaos`);
    await chose.page.getByTestId('essay').first().waitFor();
    // Online: the footer shows the server's version, not "Offline".
    await chose.page.waitForFunction(() => {
      const version = document.querySelector('[data-testid="server-version"]')?.textContent;
      return version && version !== '…' && version !== 'Offline';
    });
    expect(await chose.page.getByTestId('nav-chaos').first().textContent()).toBe('随笔');
    await chose.page.getByTestId('settings-button').click();
    await chose.page.getByTestId('language-en').click();
    await chose.page
      .locator('[data-testid="nav-chaos"]', { hasText: /^Essays$/ })
      .first()
      .waitFor();
    await api.stop();
    apiRunning = false;
  });
  afterAll(async () => {
    // Stopped already, unless the set-up failed before it.
    if (apiRunning) await api.stop();
    await chose?.context.close();
    await browser.close();
    await Promise.all([site.close(), badMirror.close(), goodMirror.close()]);
    fs.rmSync(temp, { recursive: true, force: true });
    fs.rmSync(api.dataDir, { recursive: true, force: true });
  });

  const open = async (route: string): Promise<{ page: Page; close: () => Promise<void> }> => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}${route}`);
    await page.getByTestId('toast').getByText('无法访问在线服务器，正在使用离线模式').first().waitFor();
    return { page, close: () => context.close() };
  };

  const essayIds = (page: Page) =>
    page
      .getByTestId('essay')
      .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-essay-id'))));

  it('warns that the server is unreachable and pages through the essays from the snapshot', async () => {
    const { page, close } = await open('/chaos');
    await page.getByTestId('essay').first().waitFor();
    // The first page is the ten newest (the list may already be fetching the next page).
    expect((await essayIds(page)).slice(0, 10)).toEqual(visibleIds.slice(0, 10));
    // The essay text was obfuscated in the snapshot and reads normally here.
    const newest = JSON.parse(fs.readFileSync(path.join(snapshotDir, `blog/essay/${visibleIds[0]}`), 'utf8'));
    const plain = deobfuscate(newest.content) ?? '';
    const words = /[\p{Script=Han}]{4}/u.exec(plain)?.[0] ?? 'missing';
    const listText = (await page.getByTestId('essay-list').textContent()) ?? '';
    expect(listText).toContain(words);
    expect(listText).not.toContain('ob1.');
    const end = page.getByText('— 到底啦 —');
    for (let i = 0; i < 20 && !(await end.isVisible()); i += 1) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    await end.waitFor();
    expect(await essayIds(page)).toEqual(visibleIds);
    await page.getByTestId('server-version').getByText('Offline').waitFor();
    await close();
  });

  it('keeps the English a Chinese browser chose online after the server went away (issue 44)', async () => {
    const { page } = chose;
    await page.reload();
    await page.getByTestId('toast').getByText('Cannot reach the online server: using offline mode').waitFor();
    await page.getByTestId('essay').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByTestId('nav-chaos').first().textContent()).toBe('Essays');
    expect(await page.getByTestId('nav-about').first().textContent()).toBe('About');
    expect(await page.getByPlaceholder('Search essays, #id to go straight to one').count()).toBe(1);
    await page.getByTestId('server-version').getByText('Offline').waitFor();
    // The snapshot's essays are content (Chinese); nothing else on the page is.
    expect(await hanOutsideContent(page)).toEqual([]);
  });

  it('skips the mirror whose index page lacks the site title', async () => {
    const { page, close } = await open('/chaos');
    await page.getByTestId('essay').first().waitFor();
    expect(badMirror.requests).toContain('/index.html');
    expect(badMirror.requests).not.toContain('/blog/essay/index');
    expect(goodMirror.requests).toContain('/blog/essay/index');
    expect(await essayIds(page)).not.toContain(424242);
    // Every read carries a timestamp query, so no CDN or browser cache serves a stale file.
    for (const url of goodMirror.urls) expect(url).toMatch(/[?&]t=\d{13}/);
    await close();
  });

  /** The ids of the visible essays whose text holds `word`, newest first, read from the snapshot. */
  const holding = (word: string) =>
    visibleIds.filter((id) =>
      (
        deobfuscate(
          JSON.parse(fs.readFileSync(path.join(snapshotDir, `blog/essay/${id}`), 'utf8')).content,
        ) ?? ''
      )
        .toLowerCase()
        .includes(word),
    );

  it('finds essays by #id, by a two-character Chinese word and by an English word (issue 46.1)', async () => {
    const { page, close } = await open('/chaos');
    const search = page.getByPlaceholder('搜索随笔，#id 直达');
    const target = visibleIds[3] as number;
    await search.fill(`#${target}`);
    await search.press('Enter');
    await expect.poll(() => essayIds(page)).toEqual([target]);
    for (const word of ['代码', '夜里', 'bisect']) {
      const expected = holding(word);
      expect(expected.length).toBeGreaterThan(0);
      await search.fill(word);
      await search.press('Enter');
      await expect.poll(() => essayIds(page)).toEqual(expected);
    }
    // Only the index's meta and the shards of the words were read, never all of them.
    const meta = JSON.parse(fs.readFileSync(path.join(snapshotDir, 'search/meta.json'), 'utf8'));
    const shardsRead = new Set(goodMirror.requests.filter((r) => /^\/search\/\d+\.json$/.test(r)));
    expect(shardsRead.size).toBeGreaterThan(0);
    expect(shardsRead.size).toBeLessThanOrEqual(Math.min(3, meta.shards));
    expect(await page.getByText('离线模式下仅可以使用[#id]形式检索').count()).toBe(0);
    await close();
  });

  it('toasts a failed snapshot read and reads the file again on retry (spec §8)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let failures = 0;
    // The mirror fails the about page's file once, then serves it again.
    await page.route(
      (url) => url.origin === goodMirror.url && url.pathname === '/blog/article/1',
      (route) => (failures++ === 0 ? route.abort('connectionreset') : route.continue()),
    );
    await page.goto(`${site.url}/about`);
    await page
      .getByTestId('toast')
      .getByText(/^离线数据加载失败: /)
      .waitFor();
    // The failed entry was dropped from the cache: retrying fetches the file anew.
    await page.getByTestId('about-article').getByRole('button', { name: '重试' }).click();
    await page.getByText('你好，这里是').first().waitFor();
    expect(failures).toBe(2);
    await context.close();
  });

  it('refuses to post a comment with 正在使用离线模式', async () => {
    const { page, close } = await open('/about');
    await page.getByText('你好，这里是').first().waitFor();
    const form = page.locator('.comments > .comment-form');
    await form.getByRole('textbox', { name: '说点什么吧' }).fill('离线时的留言');
    await form.getByRole('button', { name: '发表' }).click();
    await page.getByTestId('toast').getByText('正在使用离线模式').first().waitFor();
    await close();
  });

  /** Offline, dark mode switched on and the decode key typed into the dialog it opens. */
  const openInDark = async (key: string) => {
    const opened = await open('/chaos');
    await opened.page.getByTestId('essay').first().waitFor();
    await opened.page.getByTestId('settings-button').click();
    await opened.page.getByTestId('switch-dark').getByRole('switch').click();
    const dialog = opened.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(key);
    await dialog.getByRole('button', { name: '确认' }).click();
    await opened.page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await opened.page.keyboard.press('Escape');
    return opened;
  };

  /** Whether an image shows a picture that is a blob: URL (an unsealed small copy). */
  const shownBlob = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((img) => {
        const image = img as unknown as { src: string; complete: boolean; naturalWidth: number };
        return image.src.startsWith('blob:') && image.complete && image.naturalWidth > 0;
      });

  it('opens moments and the gallery with the dark key typed offline, their pictures unsealed (issue 46.2)', async () => {
    const { page, close } = await openInDark('e2e-dark-key');
    const sealOf = (rel: string) =>
      (JSON.parse(fs.readFileSync(path.join(snapshotDir, rel), 'utf8')) as { seal: DarkSeal }).seal;
    const moments = JSON.parse((await openDark(sealOf('blog/moments/data'), 'e2e-dark-key')) ?? '[]') as {
      content: string;
      images: unknown[];
    }[];
    await page.getByTestId('nav-moments').first().click();
    await page.getByTestId('moment').first().waitFor();
    expect(await page.getByTestId('moment').first().textContent()).toContain(moments[0]?.content);
    await page.getByTestId('moments-offline').waitFor();
    const withPicture = moments.slice(0, 10).findIndex((m) => m.images.length > 0);
    expect(withPicture).toBeGreaterThanOrEqual(0);
    await expect
      .poll(() => shownBlob(page, `[data-testid="moment"]:nth-child(${withPicture + 1}) img`))
      .toBe(true);
    await page.getByTestId('nav-waifu').first().click();
    await page.getByTestId('waifu-item').first().waitFor();
    await expect.poll(() => shownBlob(page, '[data-testid="waifu-item"] img')).toBe(true);
    await close();
  });

  it('holds no dark moment’s text in any file the mirrors serve (issue 46.2)', async () => {
    const seal = (
      JSON.parse(fs.readFileSync(path.join(snapshotDir, 'blog/moments/data'), 'utf8')) as { seal: DarkSeal }
    ).seal;
    const texts = new Set(
      (JSON.parse((await openDark(seal, 'e2e-dark-key')) ?? '[]') as { content: string }[]).map(
        (m) => m.content,
      ),
    );
    expect(texts.size).toBeGreaterThan(5);
    const files = (fs.readdirSync(snapshotDir, { recursive: true }) as string[]).filter(
      (rel) => !rel.startsWith('.git') && fs.statSync(path.join(snapshotDir, rel)).isFile(),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const rel of files) {
      const text = fs.readFileSync(path.join(snapshotDir, rel), 'utf8');
      for (const moment of texts) expect(text.includes(moment), `${rel} holds ${moment}`).toBe(false);
    }
  });

  it('says the key is wrong and decrypts nothing with a wrong key (issue 46.2)', async () => {
    const { page, close } = await openInDark('not-the-dark-key');
    const before = goodMirror.requests.length;
    await page.getByTestId('nav-moments').first().click();
    await page.getByTestId('dark-key-needed').getByText('解码密钥不对').waitFor();
    await goInApp(page, '/waifu');
    await page.getByTestId('dark-key-needed').getByText('解码密钥不对').last().waitFor();
    // Offline a login would not open the sealed copy: the panel asks for the key only.
    expect(await page.getByTestId('dark-key-needed').last().textContent()).not.toContain('登录');
    expect(await page.locator('img[src^="blob:"]').count()).toBe(0);
    // Not one sealed picture was even fetched: the picture list did not open.
    expect(goodMirror.requests.slice(before).some((r) => r.startsWith('/dark/p/'))).toBe(false);
    await close();
  });

  it('hides the moments link offline, even with the gate open', async () => {
    const { page, close } = await open('/chaos');
    await page.getByTestId('essay').first().waitFor();
    await openGate(page);
    // The gate is open (the back-office link shows), yet moments stays hidden in offline mode.
    await page.getByTestId('nav-great-old-one').waitFor();
    expect(await page.getByTestId('nav-moments').count()).toBe(0);
    await close();
  });
});
