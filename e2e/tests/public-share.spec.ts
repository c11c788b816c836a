import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage } from '../support/pages.ts';

/**
 * Share previews (issue 17): an essay's outside address `/chaos?id=N` carries its Open Graph tags
 * in the HTML the server sends, and opens that essay in the app (as `#N` would).
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

  it("describes the essay of /chaos?id=N with its first lines, in the server's HTML", async () => {
    const html = await (await fetch(`${baseUrl}/chaos?id=${essay.id}`)).text();
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:url')).toBe(`${baseUrl}/chaos?id=${essay.id}`);
    const description = metaOf(html, 'og:description') ?? '';
    expect(description.length).toBeGreaterThan(0);
    // The description is the essay's own text (its first characters, markup removed).
    const firstWords = description.slice(0, 4);
    expect(essay.content).toContain(firstWords);
    expect(metaOf(html, 'twitter:card')).toMatch(/^summary/);
  });

  it('describes the page itself when the essay is not there for visitors', async () => {
    const html = await (await fetch(`${baseUrl}/chaos?id=987654`)).text();
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:url')).toBe(`${baseUrl}/chaos`);
    const about = await (await fetch(`${baseUrl}/about`)).text();
    expect(metaOf(about, 'og:title')).toContain('关于');
  });

  it('opens the shared essay in the app as /chaos#N', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos?id=${essay.id}`);
    await page.waitForURL((url) => url.hash === `#${essay.id}` && url.search === '');
    await expect.poll(() => page.getByTestId('essay').count()).toBe(1);
    expect(await page.getByTestId('essay').getAttribute('data-essay-id')).toBe(String(essay.id));
    await close();
  });
});
