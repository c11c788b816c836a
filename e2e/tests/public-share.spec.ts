import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage } from '../support/pages.ts';

/**
 * Share previews (issue 17): an essay's address, its own page `/chaos/N` (issue 23), carries its
 * Open Graph tags in the HTML the server sends; the old address `/chaos?id=N` moves there.
 */
describe('share previews of essays', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let essay: { id: number; content: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const page = (await (await fetch(`${baseUrl}/api/blog/essay`)).json()) as {
      data: { list: { id: number; content: string }[] };
    };
    essay = page.data.list[0] as { id: number; content: string };
  });
  afterAll(() => browser.close());

  const metaOf = (html: string, key: string): string | undefined =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  it("describes the essay of /chaos/N with its first lines, in the server's HTML", async () => {
    const html = await (await fetch(`${baseUrl}/chaos/${essay.id}`)).text();
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:url')).toBe(`${baseUrl}/chaos/${essay.id}`);
    const description = metaOf(html, 'og:description') ?? '';
    expect(description.length).toBeGreaterThan(0);
    // The description is the essay's own text (its first characters, markup removed).
    const firstWords = description.slice(0, 4);
    expect(essay.content).toContain(firstWords);
    expect(metaOf(html, 'twitter:card')).toMatch(/^summary/);
  });

  it('describes no essay that is not there for visitors, and the other pages as themselves', async () => {
    const res = await fetch(`${baseUrl}/chaos/987654`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(metaOf(html, 'og:type')).toBeUndefined();
    expect(metaOf(html, 'robots')).toBe('noindex');
    const about = await (await fetch(`${baseUrl}/about`)).text();
    expect(metaOf(about, 'og:title')).toContain('关于');
  });

  it.each([
    '/home',
    '/chaos',
    '/pastel-memories',
    '/about',
    '/moments',
    '/waifu',
    '/contract',
    '/utils/index',
  ])(
    'gives %s a picture to share: absolute, with its size, in a format every crawler reads',
    async (path) => {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const image = metaOf(html, 'og:image') ?? '';
      expect(image.startsWith(`${baseUrl}/`)).toBe(true);
      expect(metaOf(html, 'twitter:image')).toBe(image);
      expect(Number(metaOf(html, 'og:image:width'))).toBeGreaterThan(0);
      expect(Number(metaOf(html, 'og:image:height'))).toBeGreaterThan(0);
      const res = await fetch(image);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/);
    },
  );

  it('moves the old address /chaos?id=N to /chaos/N for good, and the app opens that essay', async () => {
    const moved = await fetch(`${baseUrl}/chaos?id=${essay.id}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/chaos/${essay.id}`);
    const { page, close } = await openPage(browser, `${baseUrl}/chaos?id=${essay.id}`);
    await page.waitForURL((url) => url.pathname === `/chaos/${essay.id}` && url.search === '');
    await expect.poll(() => page.getByTestId('essay').count()).toBe(1);
    expect(await page.getByTestId('essay').getAttribute('data-essay-id')).toBe(String(essay.id));
    await close();
  });
});
