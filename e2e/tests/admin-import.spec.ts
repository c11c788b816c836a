import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';
import { keepShot } from '../support/shots.ts';

const fixture = path.join(repoRoot, 'server/test/fixtures/import/wordpress/wptest.xml');

/**
 * 导入搬家 (issue 27): the WordPress theme unit test data uploaded, previewed and applied on the page,
 * then an old address followed to its essay. A server of its own: the import adds 52 essays.
 */
describe('the import page in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ OWNER_USERNAME: E2E_OWNER.username, OWNER_PASSWORD: E2E_OWNER.password });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a WordPress export, previews it, applies it, and an old link lands on the essay', async () => {
    const { page, errors, close } = await openAsOwner(browser, server.url, '/great-old-one/import', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByText('还没有导入过，没有旧链接').waitFor();
    await page.getByTestId('import-drop').locator('input[type="file"]').setInputFiles(fixture);
    const job = page.getByTestId('import-job');
    await job.waitFor();
    await expect(job.getByTestId('import-counts').textContent()).resolves.toContain('随笔 51');
    await expect(job.getByTestId('import-counts').textContent()).resolves.toContain('评论 26');
    await expect(job.locator('ol li').count()).resolves.toBe(10);
    await keepShot(page, 'import-preview-390-light');

    await job.getByTestId('import-apply').click();
    await job.getByText('已完成').waitFor({ timeout: 30_000 });
    await expect(job.getByTestId('import-report').textContent()).resolves.toContain('新建 52 篇');
    await job.getByTestId('import-failed-pictures').waitFor();
    await page.getByTestId('import-redirect-search').fill('/demo/comments');
    await page.getByTestId('import-redirects').getByText('/demo/comments', { exact: true }).waitFor();
    await keepShot(page, 'import-done-390-light');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);

    // An old WordPress address, followed as a visitor would: a 301 to the essay's page.
    await page.goto(`${server.url}/demo/comments/`);
    await page.waitForURL(/\/chaos\/\d+$/);
    await page.getByText('This post tests comments in the following ways.').first().waitFor();
    await close();
  }, 90_000);

  it('shows the redirects at 390 and desktop width, light and dark, nothing wider than the screen', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/import', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByTestId('import-redirects').waitFor();
    for (const [name, viewport] of [
      ['390', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // The dark palette (theme.css), as the shell sets it in dark mode.
      for (const scheme of ['light', 'dark']) {
        await page.evaluate((theme) => {
          document.documentElement.dataset.theme = theme;
        }, scheme);
        await expect(page.getByTestId('import-redirects').isVisible()).resolves.toBe(true);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${name}, ${scheme}`).toBeLessThanOrEqual(viewport.width);
        await keepShot(page, `import-page-${name}-${scheme}`);
      }
    }
    await close();
  });
});
