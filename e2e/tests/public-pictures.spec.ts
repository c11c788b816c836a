import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { photograph } from '@candy/server/test/fakes/photograph.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { accessKeyOf, openAsOwner } from '../support/owner.ts';
import { goInApp, waitForApp } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { storageInitScript, switchDarkOn } from '../support/visitors.ts';

/**
 * Pictures that cost a phone almost nothing (issue 30): a 12-megapixel photograph posted in a moment
 * reaches a 390×844 phone (DPR 2) as a small AVIF copy, not as the original.
 */
describe('pictures on a phone', () => {
  let browser: Browser;
  let server: RunningServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({
      DARK_KEY: 'pictures-dark-key',
      OWNER_USERNAME: 'e2e-owner',
      OWNER_PASSWORD: 'e2e-owner-password',
      SEED_DEMO: 'false',
      // The covers' stand-in host listens on 127.0.0.1 (issue 40.1: covers go through the outbound policy).
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
  });

  it('sends a moment’s photograph to a phone as an AVIF copy its size: a small part of the original', async () => {
    const owner = await openAsOwner(browser, server.url);
    const key = await accessKeyOf(owner.page);
    await owner.close();
    // A photograph as a camera writes it: 12 megapixels.
    const original = await photograph(4000, 3000);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = (await (
      await fetch(`${server.url}/api/static/image`, {
        method: 'POST',
        headers: { 'x-fingerprint': key },
        body: form,
      })
    ).json()) as { data: { url: string; width: number; height: number } };
    const created = await fetch(`${server.url}/api/blog/moment`, {
      method: 'POST',
      headers: { 'x-fingerprint': key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '海边', images: [uploaded.data] }),
    });
    expect(created.status).toBe(200);
    // The copies are made off the request, within seconds.
    for (let tries = 0; tries < 300; tries += 1) {
      const status = (await (
        await fetch(`${server.url}/api/static/image/variants`, { headers: { 'x-fingerprint': key } })
      ).json()) as { data: { pending: number; ready: number } };
      if (status.data.pending === 0 && status.data.ready > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // Twice the density of CSS pixels, as phones have (the settings menu is reached on a wide
    // screen, then the window is a phone's 390×844).
    const context = await browser.newContext({
      viewport: { width: 1200, height: 844 },
      deviceScaleFactor: 2,
    });
    await context.addInitScript(storageInitScript({ darkModeDecodeKey: 'pictures-dark-key' }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const loaded = new Map<string, number>();
    page.on('response', (response) => {
      if (!response.url().includes('/files/')) return;
      void response.body().then(
        (body) => loaded.set(new URL(response.url()).pathname, body.length),
        () => undefined,
      );
    });
    await page.goto(`${server.url}/chaos`);
    await waitForApp(page);
    await switchDarkOn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    // The copies are held back a moment: the blurred thumbhash is painted meanwhile, as in an essay
    // (issue 41.16: one placeholder for every picture of the pipeline, React's included).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/files/images/v/**', async (route) => {
      await held;
      await route.continue();
    });
    await goInApp(page, '/moments');
    const image = page.getByTestId('moment').first().locator('img');
    const backgroundImage = () =>
      image.evaluate(
        (img) => (img as unknown as { style: { backgroundImage: string } }).style.backgroundImage,
      );
    await expect.poll(backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
    release();
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { complete: boolean }).complete))
      .toBe(true);
    // Loaded, the picture alone is shown: nothing behind it shows through its transparent parts.
    await expect.poll(backgroundImage).toBe('');
    const shown = await image.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
    // 320 CSS px at DPR 2: the 640-wide AVIF.
    expect(new URL(shown).pathname).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/640\.avif$/);
    expect(await image.getAttribute('width')).toBe('4000');
    await expect.poll(() => loaded.get(new URL(shown).pathname) ?? 0).toBeGreaterThan(0);
    const bytes = [...loaded.values()].reduce((sum, n) => sum + n, 0);
    expect(loaded.has(uploaded.data.url)).toBe(false);
    expect(bytes).toBeLessThan(original.length * 0.05);

    // The same photograph in an essay is shown 308 CSS px wide on this phone (the card's text
    // column): at DPR 2 the 640-wide copy fills it, and `sizes` says so (issue 41.11).
    const essay = (await (
      await fetch(`${server.url}/api/blog/essay`, {
        method: 'POST',
        headers: { 'x-fingerprint': key, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `拍了一张海。\n\n![海](${uploaded.data.url})` }),
      })
    ).json()) as { data: { id: number } };
    await goInApp(page, `/chaos/${essay.data.id}`);
    const inEssay = page.getByTestId('essay').locator('.markdown img');
    await expect
      .poll(() => inEssay.evaluate((img) => (img as unknown as { complete: boolean }).complete))
      .toBe(true);
    expect((await inEssay.boundingBox())?.width).toBe(308);
    const essayCopy = await inEssay.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
    expect(new URL(essayCopy).pathname).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/640\.avif$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows anime covers as copies 96 px wide: the first at once with high priority, the rest lazily; the page shares a JPEG copy', async () => {
    const owner = await openAsOwner(browser, server.url);
    const key = await accessKeyOf(owner.page);
    await owner.close();
    // Bangumi's cover host, as the owner's "add" copies from it.
    const covers = new Map([
      ['/a.jpg', await photograph(500, 700)],
      ['/b.jpg', await photograph(600, 840)],
    ]);
    const host = http.createServer((req, res) => {
      const body = covers.get(req.url ?? '');
      res.writeHead(body ? 200 : 404, { 'content-type': 'image/jpeg' });
      res.end(body);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      // Made in this order, the second is listed first (most recently updated first).
      for (const [title, path] of [
        ['后', '/a.jpg'],
        ['先', '/b.jpg'],
      ]) {
        const created = await fetch(`${server.url}/api/blog/bangumi`, {
          method: 'POST',
          headers: { 'x-fingerprint': key, 'content-type': 'application/json' },
          body: JSON.stringify({ title, cover: `${origin}${path}`, status: 'watching' }),
        });
        expect(created.status).toBe(200);
      }
    } finally {
      host.close();
    }
    for (let tries = 0; tries < 300; tries += 1) {
      const list = (await (await fetch(`${server.url}/api/blog/bangumi`)).json()) as {
        data: { cover: string; pictures?: Record<string, { base: string | null }> }[];
      };
      if (list.data.every((entry) => entry.pictures?.[entry.cover]?.base)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // The server's page: sizes and priorities are in its HTML, before any script runs.
    const html = await (await fetch(`${server.url}/pastel-memories`)).text();
    const og = /<meta property="og:image" content="([^"]*)">/.exec(html)?.[1] ?? '';
    // The first cover is 600 wide: its widest copy, in JPEG.
    expect(og).toMatch(new RegExp(`^${server.url}/files/images/v/[0-9a-f]{16}/600\\.jpg$`));
    expect(html).toContain('<meta property="og:image:width" content="600">');
    expect(html).toContain('<meta property="og:image:height" content="840">');
    expect((await fetch(og)).headers.get('content-type')).toBe('image/jpeg');

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const avifRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.avif')) avifRequests.push(new URL(request.url()).pathname);
    });
    // The server-rendered page asks for its first cover from <head> (issue 30: the picture that
    // matters most is not left waiting behind the stylesheets and scripts).
    const served = await (await fetch(`${server.url}/pastel-memories`)).text();
    expect(served).toMatch(
      /<head>[\s\S]*<link rel="preload" as="image" type="image\/avif" imagesrcset="\/files\/images\/v\/[0-9a-f]{16}\/320\.avif 320w[^"]*" imagesizes="96px" fetchpriority="high">[\s\S]*<\/head>/,
    );
    await page.goto(`${server.url}/pastel-memories`);
    await waitForApp(page);
    const [first, second] = [0, 1].map((n) => page.getByTestId('bangumi').nth(n).locator('img'));
    expect(await first?.getAttribute('fetchpriority')).toBe('high');
    expect(await first?.getAttribute('loading')).toBe('eager');
    expect(await second?.getAttribute('loading')).toBe('lazy');
    expect(await second?.getAttribute('fetchpriority')).toBeNull();
    expect(await first?.getAttribute('width')).toBe('96');
    expect(await first?.getAttribute('height')).toBe('134');
    await expect
      .poll(() => first?.evaluate((img) => (img as unknown as { complete: boolean }).complete))
      .toBe(true);
    const shown = await first?.evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc);
    // 96 CSS px at DPR 2: the smallest AVIF copy, 320 wide, the one preloaded, fetched once.
    expect(new URL(shown ?? '').pathname).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/320\.avif$/);
    expect(avifRequests.filter((path) => path === new URL(shown ?? '').pathname)).toHaveLength(1);
    const box = await first?.boundingBox();
    expect(box?.width).toBe(96);
    expect(box?.height).toBe(134);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
