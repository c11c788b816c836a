import type { Page } from 'playwright-core';
import { goInApp, waitForPath } from './pages.ts';

/**
 * Every page of the back office's side menu, for the checks that walk them all: the 16 of spec §2
 * (DESIGN §9), then Webhook, API 令牌, 导入搬家, 联邦宇宙 and 订阅者 (issues 26, 27, 29, 43; the axe sweep missed
 * the federation page's heading order while it walked the 16 only, issue 41.7).
 */
export const adminPaths = [
  '/great-old-one/index',
  '/great-old-one/chaos',
  '/great-old-one/mabinogion',
  '/great-old-one/pastel-memories',
  '/great-old-one/waifu',
  '/great-old-one/deathnote',
  '/great-old-one/meta',
  '/great-old-one/analytics',
  '/great-old-one/online-device',
  '/great-old-one/mpush',
  '/great-old-one/map',
  '/great-old-one/ryona/material',
  '/great-old-one/ryona/material/create',
  '/great-old-one/ryona/group',
  '/great-old-one/cron',
  '/great-old-one/revelation',
  '/great-old-one/webhooks',
  '/great-old-one/tokens',
  '/great-old-one/import',
  '/great-old-one/federation',
  '/great-old-one/subscribers',
] as const;

/**
 * Opens a back-office page in the app and waits until it shows what it loaded: its content frame,
 * the network quiet, and its loading state gone (up to 5 s: a page may keep one on purpose).
 */
export const showAdminPage = async (page: Page, path: string): Promise<void> => {
  await goInApp(page, path);
  await waitForPath(page, path);
  await page.locator(`[data-page="${path}"] .admin-content`).waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator(`[data-page="${path}"] .admin-state[role="status"]`)
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
};
