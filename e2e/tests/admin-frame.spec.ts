import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { goInApp, waitForPath } from '../support/pages.ts';

const groups = {
  写作: ['首页', '写随笔', '待办'],
  收藏: ['番剧', '老婆', '文件', '元数据'],
  运营: ['统计', '在线设备', '推送', '地图', '订阅者'],
  视频: ['素材', '添加素材', '合集'],
  系统: ['定时任务', '日志', 'Webhook', 'API 令牌', '导入搬家', '联邦宇宙'],
};

const paths = {
  首页: '/great-old-one/index',
  写随笔: '/great-old-one/chaos',
  待办: '/great-old-one/mabinogion',
  番剧: '/great-old-one/pastel-memories',
  老婆: '/great-old-one/waifu',
  文件: '/great-old-one/deathnote',
  元数据: '/great-old-one/meta',
  统计: '/great-old-one/analytics',
  在线设备: '/great-old-one/online-device',
  推送: '/great-old-one/mpush',
  地图: '/great-old-one/map',
  订阅者: '/great-old-one/subscribers',
  素材: '/great-old-one/ryona/material',
  添加素材: '/great-old-one/ryona/material/create',
  合集: '/great-old-one/ryona/group',
  定时任务: '/great-old-one/cron',
  日志: '/great-old-one/revelation',
  Webhook: '/great-old-one/webhooks',
  'API 令牌': '/great-old-one/tokens',
  导入搬家: '/great-old-one/import',
  联邦宇宙: '/great-old-one/federation',
};

describe('the back-office frame', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists all 21 admin pages (the spec’s 16, Webhook, API 令牌, 导入搬家, 联邦宇宙 and 订阅者) by group in the side menu and marks the current one', async () => {
    const { page, errors, close } = await openAsOwner(browser, baseUrl, '/great-old-one/mabinogion');
    // The page's own frame: a back-office page the login passed through may stay alive (hidden)
    // beside it, with a menu of its own.
    const menu = page.locator('[data-page="/great-old-one/mabinogion"] .admin-side .admin-menu');
    await menu.waitFor();
    const seen: Record<string, string[]> = {};
    for (const group of await menu.locator('.admin-menu-group').all()) {
      const title = (await group.locator('.admin-menu-title').textContent()) ?? '';
      seen[title] = await group.locator('a').allTextContents();
    }
    expect(seen).toEqual(groups);
    expect(await menu.locator('a[aria-current="page"]').allTextContents()).toEqual(['待办']);
    await menu.getByRole('link', { name: '日志' }).click();
    await waitForPath(page, '/great-old-one/revelation');
    const revelation = page.locator('[data-page="/great-old-one/revelation"] .admin-side');
    await revelation.locator('a[aria-current="page"]', { hasText: '日志' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('opens every back-office page inside the frame (built or still an honest placeholder)', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index');
    for (const path of Object.values(paths)) {
      await goInApp(page, path);
      await page.locator(`[data-page="${path}"] .admin-frame .admin-content`).waitFor();
    }
    await close();
  });

  it('on a phone the menu is a drawer that closes after picking a page', async () => {
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/index', {
      viewport: { width: 390, height: 844 },
    });
    const current = page.locator('[data-page="/great-old-one/index"]');
    expect(await current.locator('.admin-side').isVisible()).toBe(false);
    await current.getByRole('button', { name: '后台菜单' }).click();
    const drawer = current.locator('.admin-drawer');
    await drawer.waitFor();
    await drawer.getByRole('link', { name: '统计' }).click();
    await waitForPath(page, '/great-old-one/analytics');
    await page.locator('[data-page="/great-old-one/analytics"] .admin-drawer-toggle').waitFor();
    expect(await page.locator('.admin-drawer:visible').count()).toBe(0);
    await close();
  });
});
