import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openGate, waitForApp } from '../support/pages.ts';
import { e2eDarkKey, openVisitor, switchDarkOn } from '../support/visitors.ts';

/** Dark content (waifu, moments): readable with the decode key the shared server runs with. */
describe('dark-mode pages in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the waifu gallery with the dark key: sized images, lazy below the top row, that open the viewer', async () => {
    const { page, context, errors } = await openVisitor(browser, { darkModeDecodeKey: e2eDarkKey });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await switchDarkOn(page);
    await page.getByTestId('nav-waifu').first().click();
    const items = page.getByTestId('waifu-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThan(0);
    const image = items.first().locator('img');
    expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0);
    // The top row is the first screen and loads at once; the rows below wait until scrolled to.
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    expect(await items.last().locator('img').getAttribute('loading')).toBe('lazy');
    await items.first().click();
    await page.getByTestId('image-viewer-img').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a wrong decode key on the waifu page instead of showing an error', async () => {
    const { page, context } = await openVisitor(browser, { darkModeDecodeKey: 'not-the-key' });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await switchDarkOn(page);
    await page.getByTestId('nav-waifu').first().click();
    await page.getByTestId('dark-key-needed').waitFor();
    expect(await page.getByTestId('waifu-item').count()).toBe(0);
    await context.close();
  });

  it('asks for dark mode on the waifu page when it is off', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/waifu`);
    await page.getByTestId('waifu-dark-only').waitFor();
    await context.close();
  });

  it('draws the moments heatmap (a cell per day of the year), the hour chart and the week report', async () => {
    const { page, context, errors } = await openVisitor(browser, { darkModeDecodeKey: e2eDarkKey });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await switchDarkOn(page);
    await page.getByTestId('nav-moments').first().click();
    const heatmap = page.getByTestId('moments-heatmap');
    await heatmap.locator('svg').waitFor();
    // One path per shade; together they draw a cell for each day of the year.
    const days = () =>
      heatmap
        .locator('svg path.heat')
        .evaluateAll((paths) =>
          paths.reduce((sum, path) => sum + (path.getAttribute('d')?.split('M').length ?? 1) - 1, 0),
        );
    await expect.poll(days).toBeGreaterThanOrEqual(365);
    // The day under the pointer is named: a Thursday of the week before the last month began (the
    // heatmap opens on its latest weeks, so that column is on screen).
    const months = heatmap.locator('svg text').filter({ hasText: '月' });
    const month = await months.last().boundingBox();
    const svg = await heatmap.locator('svg').boundingBox();
    if (!month || !svg) throw new Error('the heatmap has no box');
    await page.mouse.move(month.x - 15 + 5, svg.y + 18 + 3 * 15 + 6);
    await expect
      .poll(() => page.getByTestId('heat-tip').textContent())
      .toMatch(/^\d{4}-\d{2}-\d{2}：\d+ 条$/);
    expect(await heatmap.getAttribute('aria-label')).toMatch(/共 \d+ 条/);
    await page.getByTestId('moments-hours').locator('svg').waitFor();
    const report = page.getByTestId('moments-week-report');
    expect(await report.locator('tbody tr').count()).toBe(4);
    await page.getByTestId('moment').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the gate open and no key, 朋友圈 is in the menu; its page explains and takes the key (empty: 请输入内容)', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await openGate(page);
    // Spec §2: the open gate shows the moments link, though only the key (or a login) opens it.
    await page.getByTestId('nav-moments').first().click();
    const panel = page.getByTestId('dark-key-needed');
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: '以主人身份登录' }).getAttribute('href')).toBe('/contract');
    await panel.getByRole('button', { name: '输入解码密钥' }).click();
    // The confirm-with-input dialog (spec §5): an empty key is refused, not "ignored".
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请输入内容').waitFor();
    await dialog.getByRole('textbox').fill(e2eDarkKey);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('moment').first().waitFor();
    expect(await panel.count()).toBe(0);
    await context.close();
  });

  it('explains the missing decode key on the moments page', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/moments`);
    await page.getByTestId('dark-key-needed').waitFor();
    await context.close();
  });
});
