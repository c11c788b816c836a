import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { waitForApp } from '../support/pages.ts';
import { openVisitor } from '../support/visitors.ts';

describe('the essays page (/chaos) in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const openChaos = async (hash = '') => {
    const visitor = await openVisitor(browser);
    await visitor.page.goto(`${baseUrl}/chaos${hash}`);
    await waitForApp(visitor.page);
    await visitor.page.getByTestId('essay').first().waitFor();
    return visitor;
  };

  const essayIds = (page: Page) =>
    page
      .getByTestId('essay')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-essay-id'))));

  it('shows the newest essays first and loads further pages while scrolling to the end', async () => {
    const { page, context, errors } = await openChaos();
    const firstPage = await essayIds(page);
    expect(firstPage.length).toBeGreaterThanOrEqual(10);
    const end = page.getByText('— 到底啦 —');
    for (let i = 0; i < 20 && !(await end.isVisible()); i += 1) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    await end.waitFor();
    const all = await essayIds(page);
    expect(all.length).toBeGreaterThan(10);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 10)).toEqual(firstPage.slice(0, 10));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches Chinese text 500ms after typing stops', async () => {
    const { page, context } = await openChaos();
    const before = await essayIds(page);
    await page.getByPlaceholder('搜索随笔，#id 直达').fill('猫砂盆');
    // Still the same list just after typing: the search waits for the debounce.
    expect(await essayIds(page)).toEqual(before);
    await expect.poll(() => page.getByTestId('essay').count(), { timeout: 5000 }).toBe(1);
    // Found essays are rendered by the client: the renderer chunk may still be on its way.
    await expect.poll(() => page.getByTestId('essay').textContent()).toContain('猫砂盆');
    await context.close();
  });

  it('fetches one essay directly for #<id>, from the search box and from the address', async () => {
    const { page, context } = await openChaos('#3');
    await expect.poll(() => page.getByTestId('essay').count()).toBe(1);
    expect(await page.getByTestId('essay').getAttribute('data-essay-id')).toBe('3');
    await page.getByPlaceholder('搜索随笔，#id 直达').fill('#7');
    await page.getByPlaceholder('搜索随笔，#id 直达').press('Enter');
    await expect.poll(() => page.getByTestId('essay').getAttribute('data-essay-id')).toBe('7');
    await context.close();
  });

  it('says so when a search finds nothing', async () => {
    const { page, context } = await openChaos();
    await page.getByPlaceholder('搜索随笔，#id 直达').fill('这句话不会出现在任何随笔里');
    await page.getByText('没有找到相关的随笔').waitFor();
    expect(await page.getByTestId('essay').count()).toBe(0);
    await context.close();
  });

  it('opens an essay image in the image viewer, by click and by keyboard', async () => {
    const { page, context } = await openChaos();
    const image = page.locator('[data-testid="essay"] .markdown img').first();
    await image.click();
    const viewer = page.getByTestId('image-viewer-img');
    await viewer.waitFor();
    // The viewer shows the original; the page shows a copy its size once the pipeline made it (issue 30).
    const original = (await image.getAttribute('data-original')) ?? (await image.getAttribute('src'));
    expect(await viewer.getAttribute('src')).toContain(original);
    await page.keyboard.press('Escape');
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });
    await image.focus();
    await page.keyboard.press('Enter');
    await viewer.waitFor();
    await context.close();
  });

  it('shows a quote and brings another one on click', async () => {
    const { page, context } = await openChaos();
    const quote = page.getByTestId('hitokoto').locator('blockquote');
    await expect.poll(() => quote.getAttribute('data-quote-id')).toMatch(/^\d+$/);
    const first = await quote.getAttribute('data-quote-id');
    await page.getByTestId('hitokoto').getByRole('button').click();
    await expect.poll(() => quote.getAttribute('data-quote-id')).not.toBe(first);
    await context.close();
  });

  it('draws the music card of an essay and explains an unavailable music service', async () => {
    const { page, context } = await openChaos('#3');
    const card = page.getByTestId('music-card');
    await card.waitFor();
    // The shared e2e server has no MUSIC_API_BASE: the card says so quietly instead of spinning
    // (and asks nothing: public-music.spec.ts checks that no request is made).
    await expect.poll(() => card.textContent()).toContain('本站未配置音乐服务');
    await context.close();
  });
});
