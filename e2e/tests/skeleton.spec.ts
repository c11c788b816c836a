/// <reference lib="dom" />
// Callbacks passed to page.evaluate / waitForFunction run in the browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';

describe('the walking skeleton in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('serves the app with the site title and the server build version', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${baseUrl}/chaos`);
    // The page's own title, then the site title (spec §2 route meta).
    await page.waitForFunction(() => document.title === '随笔 | 糖果罐');
    const version = (await (await fetch(`${baseUrl}/api/system/version`)).json()) as { data: string };
    await page.getByTestId('server-version').getByText(version.data).waitFor();
    expect(await page.getByTestId('page-build').textContent()).toMatch(/^\d{8}-\d+$/);
    // Our own stamp, and the title says it is not the spec's page build (issue 23).
    expect(await page.getByTestId('page-build').getAttribute('title')).toContain('本站自己的构建版本');
    expect(await page.getByTestId('page-build').getAttribute('title')).toContain('20250916-1');
    // The app runs under our CSP without violations.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('falls back to index.html for client routes and caches assets forever', async () => {
    const index = await fetch(`${baseUrl}/great-old-one/cron`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${baseUrl}${asset}`);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the icons and a web manifest with light and dark theme colours', async () => {
    const ico = await fetch(`${baseUrl}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/icon/);
    const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: '糖果罐', display: 'standalone' });
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await fetch(`${baseUrl}${icon.src}`)).status, icon.src).toBe(200);
    }
    expect((await fetch(`${baseUrl}/apple-touch-icon.png`)).status).toBe(200);
    const html = await (await fetch(`${baseUrl}/chaos`)).text();
    expect(html).toContain('rel="manifest"');
    expect(html).toMatch(/name="theme-color" content="#121016" media="\(prefers-color-scheme: dark\)"/);
  });
});
