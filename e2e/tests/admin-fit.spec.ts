import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPaths } from '../support/adminPages.ts';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { goInApp, waitForPath } from '../support/pages.ts';

interface Fit {
  path: string;
  scrollWidth: number;
  innerWidth: number;
}

/** The page's own width against the window's, once the page's content has settled. */
const measure = (page: Page, path: string): Promise<Fit> =>
  page.evaluate((path) => {
    const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
      .document;
    return {
      path,
      scrollWidth: doc.documentElement.scrollWidth,
      innerWidth: (globalThis as unknown as { innerWidth: number }).innerWidth,
    };
  }, path);

const visitAll = async (page: Page): Promise<Fit[]> => {
  const fits: Fit[] = [];
  for (const path of adminPaths) {
    await goInApp(page, path);
    await waitForPath(page, path);
    const frame = page.locator(`[data-page="${path}"] .admin-content`);
    await frame.waitFor();
    // Let the page's first answers arrive (tables fill, charts lay out) before measuring.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page
      .locator(`[data-page="${path}"] .admin-state[role="status"]`)
      .waitFor({ state: 'detached', timeout: 5000 })
      .catch(() => undefined);
    fits.push(await measure(page, path));
  }
  return fits;
};

describe('every back-office page fits its window', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    [390, 844],
    [1366, 860],
  ])('at %i×%i none of the 21 pages scrolls sideways', async (width, height) => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
      viewport: { width, height },
    });
    const fits = await visitAll(page);
    await close();
    expect(fits.filter((f) => f.scrollWidth > f.innerWidth)).toEqual([]);
  });

  it('on a phone the home keeps every session’s 结束 on screen, the keys before the logs, the logs folded', async () => {
    // A second session, so the phone's table has one to end.
    const other = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
      viewport: { width: 1366, height: 860 },
      session: 'new',
    });
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
      viewport: { width: 390, height: 844 },
    });
    const sessions = page.getByTestId('sessions');
    await sessions.getByTestId('session-end').first().waitFor();
    const ends = await sessions
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right));
    expect(ends.length).toBeGreaterThanOrEqual(2);
    expect(ends.every((right) => right <= 390)).toBe(true);
    const top = (name: string) =>
      page.getByRole('heading', { name, exact: true }).evaluate((h) => h.getBoundingClientRect().top);
    expect(await top('通行密钥')).toBeLessThan(await top('最近 50 次登录尝试'));
    expect(await top('两步验证')).toBeLessThan(await top('最近失败的登录'));
    await page.getByTestId('attempts').waitFor();
    expect(await page.getByTestId('attempts').locator('tbody tr').count()).toBeLessThanOrEqual(10);
    await close();
    await other.close();
  });

  it('at 1366×860 the whole side menu is on screen, down to its last item (联邦宇宙)', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
      viewport: { width: 1366, height: 860 },
    });
    const side = page.locator('[data-page="/great-old-one/index"] .admin-side');
    const last = side.locator('.admin-menu-link').last();
    expect(await last.textContent()).toBe('联邦宇宙');
    const box = await last.boundingBox();
    const frame = await side.boundingBox();
    expect(box && frame && box.y + box.height <= Math.min(860, frame.y + frame.height)).toBe(true);
    await close();
  });

  it('at 1366×860 the visitor table gives page paths room (not one letter a line)', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/analytics', {
      viewport: { width: 1366, height: 860 },
    });
    const cell = page.locator('[data-testid="analytics-clients"] td[data-label="页面"]').first();
    await cell.waitFor();
    expect((await cell.boundingBox())?.width).toBeGreaterThanOrEqual(150);
    await close();
  });
});
