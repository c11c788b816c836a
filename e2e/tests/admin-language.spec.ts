import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPaths, showAdminPage } from '../support/adminPages.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { hanOutsideContent, overflowing } from '../support/language.ts';
import { openAsOwner } from '../support/owner.ts';

/**
 * The back office in English (issue 44): every page of the side menu, walked by one owner session
 * whose browser says en-US — on a desktop by day and on a phone at night (dark mode), so both sizes
 * and both modes are seen. On each: `<html lang="en">`, no Han character outside content
 * (`[data-content]`: titles, names, file names), nothing that does not fit (English runs longer than
 * Chinese: a page scrolling sideways, a one-line button, tab, menu link or header cut off), and axe
 * with no serious or critical violation. `E2E_SCREENSHOTS=<folder>` keeps a picture of each page.
 */
const screenshots = process.env.E2E_SCREENSHOTS;

describe('the back office in English', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['desktop, light', 1366, 860, 10],
    ['phone, dark', 390, 844, 2],
  ])(
    '%s: English on all 21 pages, nothing cut off, no serious axe violation',
    async (name, width, height, hour) => {
      const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
        viewport: { width, height },
        locale: 'en-US',
        hour,
      });
      const found: string[] = [];
      try {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        for (const adminPath of adminPaths) {
          await showAdminPage(page, adminPath);
          for (const han of await hanOutsideContent(page))
            found.push(`${adminPath}: Chinese outside content: ${han}`);
          for (const line of await overflowing(page)) found.push(`${adminPath}: ${line}`);
          for (const line of await seriousViolations(page, { alsoRules: ['heading-order'] }))
            found.push(`${adminPath}: axe: ${line}`);
          if (screenshots) {
            fs.mkdirSync(screenshots, { recursive: true });
            const file = `${adminPath.replace(/^\/great-old-one\//, '').replaceAll('/', '-')}-${name.replace(/\W+/g, '-')}.png`;
            await page.screenshot({ path: path.join(screenshots, file), fullPage: true });
          }
        }
      } finally {
        await close();
      }
      expect(found, `the back office in English:\n${found.join('\n')}`).toEqual([]);
    },
    240_000,
  );
});
