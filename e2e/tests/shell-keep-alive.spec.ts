import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { goInApp, waitForApp } from '../support/pages.ts';
import { e2eDarkKey, openVisitor, switchDarkOn } from '../support/visitors.ts';

/** The API calls a page makes from now on (paths under /api/). */
const recordApiCalls = (page: Page): string[] => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
};

/**
 * Nothing to wait for when asserting that no call is made: a kept-alive page's effects run right
 * after it is shown, so calls it would make start within this window.
 */
const quietWindow = (page: Page) => page.waitForTimeout(600);

/** What page scripts see (the e2e project has no DOM types). */
interface ScrollWindow {
  scrollY: number;
  scrollTo(options: { top: number; behavior: 'instant' }): void;
}

const scrollYOf = (page: Page) =>
  page.evaluate(() => Math.round((globalThis as unknown as ScrollWindow).scrollY));

const scrollToY = (page: Page, y: number) =>
  page.evaluate((top) => (globalThis as unknown as ScrollWindow).scrollTo({ top, behavior: 'instant' }), y);

const essayIds = (page: Page) =>
  page
    .getByTestId('essay')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-essay-id'))));

/**
 * A page's markup with the words of its relative times left out: "3分钟前" is worked out when a
 * comment renders, and a re-render across a minute's turn rightly says "4分钟前" (CI saw it once).
 */
const pageMarkup = async (page: Page, path: string) =>
  (await page.locator(`.page[data-page="${path}"]`).innerHTML()).replace(
    /(<time\b[^>]*>)[^<]*(<\/time>)/g,
    '$1$2',
  );

const shownPage = (page: Page, path: string) =>
  page.locator(`.page[data-page="${path}"]`).waitFor({ state: 'visible' });

describe('pages are kept alive when navigating away (spec §2, issue 23)', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('/chaos comes back with the same essays, quote, search and scroll position, and no new call', async () => {
    const { page, context, errors } = await openVisitor(browser);
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await page.getByTestId('essay').first().waitFor();
    const end = page.getByText('— 到底啦 —');
    for (let i = 0; i < 20 && !(await end.isVisible()); i += 1) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    await end.waitFor();
    const all = await essayIds(page);
    // Every public essay, over several pages of 10 (other specs add essays to the shared server).
    expect(all.length).toBeGreaterThan(20);
    await page.locator('[data-testid="hitokoto"] blockquote[data-quote-id]').waitFor();
    const quote = await page.getByTestId('hitokoto').textContent();
    await scrollToY(page, 1500);
    const y = await scrollYOf(page);
    expect(y).toBeGreaterThan(1000);

    await page.getByTestId('nav-about').click();
    await shownPage(page, '/about');
    await page.getByTestId('about-article').locator('.markdown').waitFor();
    // A page seen for the first time goes smoothly to the top (spec §2). Waiting for it to arrive
    // keeps that animation from overlapping the way back: once, on a loaded CI machine, /chaos came
    // back at 0 instead of 1500, as if the smooth scroll still running had outlived the restore.
    await expect.poll(() => scrollYOf(page), { timeout: 5000 }).toBe(0);
    const calls = recordApiCalls(page);
    await page.getByTestId('nav-chaos').click();
    await shownPage(page, '/chaos');
    await quietWindow(page);
    expect(await essayIds(page)).toEqual(all);
    expect(await page.getByTestId('hitokoto').textContent()).toBe(quote);
    expect(Math.abs((await scrollYOf(page)) - y)).toBeLessThanOrEqual(2);
    expect(calls.filter((p) => /\/api\/blog\/(essay|hitokoto)/.test(p))).toEqual([]);

    // A search, its results and its text survive the same round trip.
    const search = page.getByPlaceholder('搜索随笔，#id 直达');
    await search.fill('猫砂盆');
    await expect.poll(() => page.getByTestId('essay').count(), { timeout: 5000 }).toBe(1);
    const found = await essayIds(page);
    await page.getByTestId('nav-about').click();
    await shownPage(page, '/about');
    calls.length = 0;
    await page.getByTestId('nav-chaos').click();
    await shownPage(page, '/chaos');
    await quietWindow(page);
    expect(await search.inputValue()).toBe('猫砂盆');
    expect(await essayIds(page)).toEqual(found);
    expect(calls.filter((p) => /\/api\/blog\/(essay|hitokoto)/.test(p))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['/home', '[data-testid="hitokoto"] blockquote[data-quote-id]'],
    ['/about', '[data-testid="about-article"] .markdown'],
    ['/pastel-memories', '.bangumi-grid'],
    ['/moments', '[data-testid="moments-week-report"]'],
    ['/waifu', '[data-testid="waifu-gallery"] img'],
    ['/utils/index', 'a'],
  ])('%s is shown again as it was, without calling the API', async (path, ready) => {
    const { page, context, errors } = await openVisitor(browser, { darkModeDecodeKey: e2eDarkKey });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await page.getByTestId('essay').first().waitFor();
    // Dark mode lives in memory: switched on here, it holds for the client-side visits below.
    await switchDarkOn(page);
    await goInApp(page, path);
    await page.locator(`.page[data-page="${path}"]`).locator(ready).first().waitFor();
    if (path === '/moments') await page.getByTestId('moment-list').locator('> *').first().waitFor();
    // Let the page's own first reads (comments, statistics …) finish before leaving.
    await quietWindow(page);
    const before = await pageMarkup(page, path);
    await goInApp(page, '/chaos');
    await shownPage(page, '/chaos');
    const calls = recordApiCalls(page);
    await goInApp(page, path);
    await shownPage(page, path);
    await quietWindow(page);
    expect(calls).toEqual([]);
    expect(await pageMarkup(page, path)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
