import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPaths, showAdminPage } from '../support/adminPages.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';

/**
 * axe-core on every back-office page (issue 24), desktop and phone: no critical and no serious
 * violation, and headings in order (axe calls a skipped level only "moderate"). One owner session
 * walks the pages in the app; pages kept alive but hidden are not rendered, so each run sees the
 * page on screen. On a desktop the pointer rests on the top menu's active 后台 link, as after a
 * click on it: its hover tint is a background its text must read on (issue 41.7).
 * The desktop walk is at night (dark mode), the phone's by day: with the English walk
 * (admin-language.spec.ts: desktop by day, phone at night) axe sees every size in both modes.
 */
describe('axe-core on the back office', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['desktop at night', 1366, 860, 2],
    ['phone by day', 390, 844, 10],
  ])(
    '%s (%i×%i): no critical or serious violation, no skipped heading level, on any of the 21 pages',
    async (_, width, height, hour) => {
      const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
        viewport: { width, height },
        hour,
      });
      const found: string[] = [];
      try {
        for (const path of adminPaths) {
          await showAdminPage(page, path);
          const active = page.locator('.nav-links .nav-link.active');
          if (await active.isVisible()) await active.hover();
          for (const line of await seriousViolations(page, { alsoRules: ['heading-order'] }))
            found.push(`${path}: ${line}`);
        }
      } finally {
        await close();
      }
      expect(found, `axe on the back office:\n${found.join('\n')}`).toEqual([]);
    },
    180_000,
  );

  it.each([
    ['desktop', 1366, 860],
    ['phone', 390, 844],
  ])(
    '%s (%i×%i): the comment queue with its settings open and a comment selected',
    async (_, width, height) => {
      const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/chaos?comments=held', {
        viewport: { width, height },
      });
      try {
        const queue = page.getByTestId('comment-queue');
        await queue.waitFor();
        await page.getByText('审核与人机验证设置').click();
        await page.getByTestId('moderation-mode').waitFor();
        await queue.getByRole('tab', { name: '全部' }).click();
        await queue.getByTestId('queue-item').first().getByRole('checkbox').check();
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await close();
      }
    },
  );
});
