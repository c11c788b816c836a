import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { waitForApp } from '../support/pages.ts';
import { e2eDarkKey, openVisitor, switchDarkOn } from '../support/visitors.ts';

/** Dark content (waifu, moments): readable with the decode key the shared server runs with. */
describe('dark-mode pages in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the waifu gallery with the dark key: sized lazy images that open the viewer', async () => {
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
    expect(await image.getAttribute('loading')).toBe('lazy');
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
    // ECharts draws each calendar day as a path: at least one per day of the year.
    await expect.poll(() => heatmap.locator('svg path').count()).toBeGreaterThanOrEqual(365);
    expect(await heatmap.getAttribute('aria-label')).toMatch(/共 \d+ 条/);
    await page.getByTestId('moments-hours').locator('svg').waitFor();
    const report = page.getByTestId('moments-week-report');
    expect(await report.locator('tbody tr').count()).toBe(4);
    await page.getByTestId('moment').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains the missing decode key on the moments page', async () => {
    const { page, context } = await openVisitor(browser);
    await page.goto(`${baseUrl}/moments`);
    await page.getByTestId('dark-key-needed').waitFor();
    await context.close();
  });
});
