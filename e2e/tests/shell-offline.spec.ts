import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';

describe('with the server stopped (spec §4, §8)', () => {
  let browser: Browser;
  let server: RunningServer;
  let indexHtml = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer();
    // The page as this server serves it (runtime configuration included), kept for after the stop.
    indexHtml = await (await fetch(`${server.url}/chaos`)).text();
    await server.stop();
  });
  afterAll(async () => {
    await browser.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('warns 无法访问在线服务器，正在使用离线模式 and forces the offline switch on', async () => {
    const { page, close } = await openPage(browser, 'about:blank');
    // The app's files come from a copy (as a CDN would serve them); the API stays unreachable.
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
        return route.fulfill({ body: indexHtml, contentType: 'text/html' });
      },
    );
    await page.goto(`${server.url}/chaos`);
    await page.getByTestId('toast').getByText('无法访问在线服务器，正在使用离线模式').waitFor();
    await page.getByTestId('settings-button').click();
    const offline = page.getByTestId('switch-offline').getByRole('switch');
    expect(await offline.getAttribute('aria-checked')).toBe('true');
    expect(await offline.isDisabled()).toBe(true);
    await page.getByTestId('server-version').getByText('Offline').waitFor();
    await close();
  });
});
