import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { waitForApp } from '../support/pages.ts';
import { newestEssayId } from '../support/publicPages.ts';
import { e2eDarkKey, openVisitor, switchDarkOn } from '../support/visitors.ts';

/** Landing, anime list, about, and the public pages on a phone. */
describe('public pages in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the landing page full screen with title, slogan, a quote and the way in', async () => {
    const { page, context, errors } = await openVisitor(browser);
    await page.goto(`${baseUrl}/home`);
    await waitForApp(page);
    await page.getByTestId('home').waitFor();
    expect(await page.locator('.home-title').textContent()).toBe('糖果罐');
    expect(await page.getByTestId('home-slogan').textContent()).toBe('Happy Sugar Life');
    await expect
      .poll(() => page.getByTestId('hitokoto').locator('blockquote').getAttribute('data-quote-id'))
      .toMatch(/^\d+$/);
    expect(await page.getByTestId('settings-button').count()).toBe(0);
    await page.getByRole('link', { name: '进入' }).click();
    await page.waitForURL(`${baseUrl}/chaos`);
    await page.getByTestId('essay').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says Unhappy Sugar Life on the landing page in dark mode', async () => {
    const { page, context } = await openVisitor(browser, { darkModeDecodeKey: e2eDarkKey });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await switchDarkOn(page);
    await page.getByTestId('brand').click();
    await expect.poll(() => page.getByTestId('home-slogan').textContent()).toBe('Unhappy Sugar Life');
    await context.close();
  });

  const statusesShown = (page: Page) =>
    page.getByTestId('bangumi').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status')));

  it('groups the anime list by status with progress bars and sized covers', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/pastel-memories`);
    await waitForApp(page);
    await page.getByTestId('bangumi').first().waitFor();
    const headings = await page.locator('.bangumi-group h2').allTextContents();
    const order = ['在看', '想看', '看过', '搁置', '抛弃'];
    const shown = headings.map((h) => h.replace(/\s*\d+$/, ''));
    expect(shown).toEqual(order.filter((label) => shown.includes(label)));
    expect(await page.locator('.bangumi-progress progress').count()).toBe(
      await page.getByTestId('bangumi').count(),
    );
    const cover = page.locator('img.bangumi-cover').first();
    expect(await cover.getAttribute('width')).toBe('96');
    expect(await cover.getAttribute('height')).toBe('134');
    // The cover sits at the card's edge: its <picture>'s <source>s take no place in the card's row.
    const offset = await page
      .getByTestId('bangumi')
      .first()
      .evaluate((card) => {
        const style = getComputedStyle(card);
        const img = card.querySelector('img.bangumi-cover');
        if (!img) return null;
        const edge = card.getBoundingClientRect().left + Number.parseFloat(style.borderLeftWidth);
        return img.getBoundingClientRect().left - edge - Number.parseFloat(style.paddingLeft);
      });
    expect(offset).toBe(0);
    await context.close();
  });

  it('filters the anime list by status, tag and keyword', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/pastel-memories`);
    await waitForApp(page);
    await page.getByTestId('bangumi').first().waitFor();
    await page.getByRole('button', { name: '看过', exact: true }).click();
    expect(new Set(await statusesShown(page))).toEqual(new Set(['watched']));
    await page.getByRole('button', { name: '全部', exact: true }).click();
    const tag = (await page.locator('.bangumi-tag').first().textContent()) ?? '';
    await page.getByLabel('按标签筛选').selectOption(tag);
    const tagsOfCards = await page
      .getByTestId('bangumi')
      .evaluateAll((cards) =>
        cards.map((card) => Array.from(card.querySelectorAll('.bangumi-tag'), (t) => t.textContent)),
      );
    expect(tagsOfCards.length).toBeGreaterThan(0);
    for (const tags of tagsOfCards) expect(tags).toContain(tag);
    await page.getByLabel('按标签筛选').selectOption('');
    await page.getByPlaceholder('搜索番剧').fill('CLANNAD');
    await expect.poll(() => page.getByTestId('bangumi').count()).toBe(1);
    await context.close();
  });

  it('shows the about article with its comments', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/about`);
    await waitForApp(page);
    await page.getByTestId('about-article').locator('.markdown h1').waitFor();
    await page.getByTestId('comments').waitFor();
    await context.close();
  });

  it('gives each public page one <h1> (an essay’s own headings below it) and a name to every nav', async () => {
    const { page, context, errors } = await openVisitor(browser);
    const newest = await newestEssayId(baseUrl);
    // Essay 1 of the demo content opens with a `#` heading: on its page that heading is an <h2>.
    const pages: [string, string, string | null][] = [
      ['/chaos', '[data-testid="essay"]', '随笔'],
      [`/chaos/${newest}`, '[data-testid="essay"]', null],
      ['/chaos/1', '[data-testid="essay"], [data-testid="essay-missing"]', null],
      ['/moments', '[data-testid="moments-heatmap"], [data-testid="dark-key-needed"]', '朋友圈'],
      ['/pastel-memories', '[data-testid="bangumi"]', '番剧'],
      ['/waifu', '[data-testid="waifu-dark-only"]', '老婆'],
      ['/home', '[data-testid="home"]', '糖果罐'],
    ];
    for (const viewport of [
      { width: 1200, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const [path, ready, heading] of pages) {
        await page.goto(`${baseUrl}${path}`);
        await waitForApp(page);
        await page.locator(ready).first().waitFor();
        const h1 = page.locator('h1');
        expect(await h1.count(), path).toBe(1);
        if (heading) expect(await h1.textContent(), path).toBe(heading);
        expect(await page.locator('.markdown h1').count(), path).toBe(0);
        const unnamed = page.locator('nav:not([aria-label]):not([aria-labelledby])');
        expect(await unnamed.count(), path).toBe(0);
        // An essay's page has two: the header's and the way back to the list.
        if (path.startsWith('/chaos/'))
          expect(await page.locator('nav[aria-label="返回"]').count(), path).toBe(1);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['/chaos', '/pastel-memories', '/about', '/home'])(
    'fits %s on a phone screen without sideways scrolling',
    async (path) => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${path}`);
      await page.locator('.public-page, .home-page').first().waitFor();
      await page.waitForTimeout(500);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await context.close();
    },
  );
});
