/// <reference lib="dom" />
// Callbacks passed to page.evaluate / waitForFunction run in the browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openAsOwner } from '../support/owner.ts';
import { clickLogo, openPage, pathOf, waitForApp } from '../support/pages.ts';

describe('routes, redirects and entry guards (spec §2, §4)', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([
    ['/', '/chaos'],
    ['/great-old-one', '/contract?redirect=%2Fgreat-old-one%2Findex'],
    ['/utils', '/utils/index'],
    ['/no/such/page', '/chaos'],
  ])('%s redirects to %s', async (from, to) => {
    // /great-old-one first redirects to its index, whose guard then sends a non-admin (with the
    // gate open, so /contract admits them) to /contract with the target in `redirect`.
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    if (from === '/great-old-one') await clickLogo(page, 11, 0);
    await page.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, from);
    await page.waitForURL((url) => url.pathname + url.search === to);
    expect(pathOf(page)).toBe(to);
    await close();
  });

  it('an unknown path loaded directly ends on /chaos', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/nowhere`);
    await page.waitForURL(`${baseUrl}/chaos`);
    await close();
  });

  it('/contract sends a visitor with the gate closed to /', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`);
    await page.waitForURL(`${baseUrl}/chaos`);
    await close();
  });

  it('/contract admits a visitor whose admin access expired', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/contract`, {
      record: { isExpiredGreatOldOne: true },
    });
    await page.waitForSelector('[data-page="/contract"]');
    expect(pathOf(page)).toBe('/contract');
    await close();
  });

  it('/contract sends an admin to the back office', async () => {
    const { page, close } = await openPage(browser, 'about:blank', {
      record: { accessKey: 'k', accessExp: Date.now() + 7 * 86_400_000 },
    });
    // Watched from before the start: the made-up key is refused soon after, which leaves the page.
    const reached = page.waitForURL(`${baseUrl}/great-old-one/index`);
    await page.goto(`${baseUrl}/contract`);
    await reached;
    await close();
  });

  it('a back-office route sends a non-admin to /contract with the redirect query', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await clickLogo(page, 11, 0);
    await page.evaluate(() => {
      history.pushState(null, '', '/great-old-one/cron');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${baseUrl}/contract?redirect=%2Fgreat-old-one%2Fcron`);
    await close();
  });

  it('a back-office route opens for an admin', async () => {
    // Every back-office page reads from the server, which refuses a made-up key: log in for real.
    const { page, close } = await openAsOwner(browser, baseUrl, '/great-old-one/revelation');
    await page.waitForSelector('[data-page="/great-old-one/revelation"]');
    expect(pathOf(page)).toBe('/great-old-one/revelation');
    await close();
  });

  it('every API request carries X-Uuid', async () => {
    const { page, close } = await openPage(browser, 'about:blank');
    const seen: (string | undefined)[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) seen.push(req.headers()['x-uuid']);
    });
    await page.goto(`${baseUrl}/chaos`);
    await waitForApp(page);
    await page
      .getByTestId('server-version')
      .getByText(/^\d{8}-\d+$/)
      .waitFor();
    await page.getByTestId('nav-about').click();
    await page.waitForSelector('[data-page="/about"]');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const uuid of seen) expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    await close();
  });

  it('keeps a visited page mounted and hidden, and shows it again', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.waitForSelector('[data-page="/chaos"]');
    await page.getByTestId('nav-about').click();
    await page.waitForSelector('[data-page="/about"]');
    expect(await page.locator('[data-page="/chaos"]').count()).toBe(1);
    expect(await page.locator('[data-page="/chaos"]').isVisible()).toBe(false);
    await page.goBack();
    await page.locator('[data-page="/chaos"]').waitFor({ state: 'visible' });
    await close();
  });

  it('shows a spinner beside the menu item while its page loads', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/about-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('nav-about').click();
    await page.getByTestId('nav-about').getByTestId('spinner').waitFor();
    release();
    await page.waitForSelector('[data-page="/about"]');
    expect(await page.getByTestId('nav-about').getByTestId('spinner').count()).toBe(0);
    await close();
  });

  it('on a phone, shows the loading marker outside the menu, which closes at once', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      viewport: { width: 390, height: 844 },
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/about-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('menu-icon').click();
    await page.getByTestId('mobile-menu').getByTestId('nav-about').click();
    // The menu is gone before the page has loaded: the marker must be seen elsewhere.
    await page.locator('[data-testid="mobile-menu"]:not(.open)').waitFor({ state: 'attached' });
    await page.getByTestId('route-progress').waitFor({ state: 'visible' });
    release();
    await page.waitForSelector('[data-page="/about"]');
    await page.getByTestId('route-progress').waitFor({ state: 'detached' });
    await close();
  });

  it('a failed page load shows 动态加载组件失败 and clears the loading marker', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.route(/\/assets\/about-[^/]*\.js$/, (route) => route.abort());
    await page.getByTestId('nav-about').click();
    await page
      .getByTestId('toast')
      .getByText(/^动态加载组件失败, /)
      .waitFor();
    expect(await page.getByTestId('nav-about').getByTestId('spinner').count()).toBe(0);
    await close();
  });
});
