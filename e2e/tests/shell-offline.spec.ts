import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage, waitForApp } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';

describe('with the server stopped (spec §4, §8)', () => {
  let browser: Browser;
  let server: RunningServer;
  let indexHtml = '';
  let phoneHtml = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer();
    // The page as this server serves it (runtime configuration included), kept for after the stop.
    indexHtml = await (await fetch(`${server.url}/chaos`)).text();
    // As a phone gets it: the server renders the phone layout (menu icon, menu with the switches).
    phoneHtml = await (
      await fetch(`${server.url}/chaos`, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' } })
    ).text();
    await server.stop();
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The app's files come from a copy (as a CDN would serve them); the API stays unreachable. */
  const serveCopy = async (page: Page, html: string) => {
    const dist = path.resolve(import.meta.dirname, '../../web/dist');
    await page.route(
      (url) => url.origin === server.url && !url.pathname.startsWith('/api/'),
      (route) => {
        const { pathname } = new URL(route.request().url());
        const file = path.join(dist, pathname);
        if (pathname.startsWith('/assets/') && fs.existsSync(file)) {
          const type = pathname.endsWith('.js')
            ? 'text/javascript'
            : pathname.endsWith('.css')
              ? 'text/css'
              : undefined;
          return route.fulfill({ body: fs.readFileSync(file), ...(type ? { contentType: type } : {}) });
        }
        return route.fulfill({ body: html, contentType: 'text/html' });
      },
    );
  };

  it('warns 无法访问在线服务器，正在使用离线模式 and forces the offline switch on', async () => {
    const { page, close } = await openPage(browser, 'about:blank');
    await serveCopy(page, indexHtml);
    await page.goto(`${server.url}/chaos`);
    await page.getByTestId('toast').getByText('无法访问在线服务器，正在使用离线模式').waitFor();
    await page.getByTestId('settings-button').click();
    const offline = page.getByTestId('switch-offline').getByRole('switch');
    expect(await offline.getAttribute('aria-checked')).toBe('true');
    expect(await offline.isDisabled()).toBe(true);
    await page.getByTestId('server-version').getByText('Offline').waitFor();
    await close();
  });

  it('on a phone, the menu shows the offline switch on and disabled (spec §2)', async () => {
    const { page, close } = await openPage(browser, 'about:blank', { viewport: { width: 390, height: 844 } });
    await serveCopy(page, phoneHtml);
    await page.goto(`${server.url}/chaos`);
    await page.getByTestId('toast').getByText('无法访问在线服务器，正在使用离线模式').waitFor();
    await waitForApp(page);
    await page.getByTestId('menu-icon').click();
    const offline = page.getByTestId('mobile-menu').getByTestId('switch-offline').getByRole('switch');
    await offline.waitFor({ state: 'visible' });
    expect(await offline.getAttribute('aria-checked')).toBe('true');
    expect(await offline.isDisabled()).toBe(true);
    expect(await offline.evaluate((el) => el.className)).toContain('switch-on');
    await close();
  });
});
