/// <reference lib="dom" />
// Callbacks passed to page.evaluate / waitForFunction run in the browser.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { clickLogo, openPage, pathOf } from '../support/pages.ts';

const backOfficeLinks = (page: Page) => page.getByTestId('nav-great-old-one').count();

/** Makes the page tall enough to scroll, whatever the page under test shows. */
const makeTall = (page: Page) => page.addStyleTag({ content: '.main { min-height: 4000px; }' });

describe('navigation, switches and modes (spec §2, §4)', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('clicking the logo 11 times within a second shows 后台', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    expect(await backOfficeLinks(page)).toBe(0);
    await clickLogo(page, 11, 0);
    await page.getByTestId('nav-great-old-one').getByText('后台').waitFor();
    await close();
  });

  it('11 clicks spread over 1.5 seconds leave the gate closed', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await clickLogo(page, 11, 150);
    await page.waitForTimeout(200);
    expect(await backOfficeLinks(page)).toBe(0);
    await close();
  });

  it('the brand links to /home, which hides the chrome', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.getByTestId('brand').click();
    await page.waitForURL(`${baseUrl}/home`);
    await page.waitForSelector('[data-page="/home"]');
    expect(await page.locator('header.nav').count()).toBe(0);
    await close();
  });

  it('past 50px the page title replaces the logo, and clicking it scrolls to top', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await makeTall(page);
    await page.evaluate(() => window.scrollTo({ top: 40, behavior: 'instant' }));
    await page.getByTestId('nav-logo').waitFor();
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await page.getByTestId('nav-page-title').getByText('随笔').waitFor();
    expect(await page.getByTestId('nav-logo').count()).toBe(0);
    expect(await page.locator('header.nav').getAttribute('data-shadow')).toBe('10');
    await page.getByTestId('nav-page-title').click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.getByTestId('nav-logo').waitFor();
    await close();
  });

  it('the nav shadow grows with scroll below the cap', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.getByTestId('essay').first().waitFor();
    await makeTall(page);
    // Content still arriving can move the scroll position (scroll anchoring): put it back at 6px
    // until the page holds still there, then the shadow must be 6px.
    await page.waitForFunction(() => {
      if (window.scrollY !== 6) window.scrollTo({ top: 6, behavior: 'instant' });
      return document.querySelector('header.nav')?.getAttribute('data-shadow') === '6';
    });
    await close();
  });

  it('in a portrait viewport the menu icon opens a slide-in menu that closes on navigation', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      viewport: { width: 390, height: 844 },
    });
    const menu = page.getByTestId('mobile-menu');
    await page.getByTestId('menu-icon').click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="mobile-menu"]')?.classList.contains('open'),
    );
    expect(await page.getByTestId('mobile-mask').getAttribute('class')).toContain('open');
    await menu.getByTestId('nav-about').click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="mobile-menu"]')?.classList.contains('open'),
    );
    expect(await page.getByTestId('mobile-mask').getAttribute('class')).not.toContain('open');
    await close();
  });

  it('turning a window from wide to tall and back switches between the nav links and the menu icon', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      viewport: { width: 1000, height: 700 },
    });
    await page.getByTestId('settings-button').waitFor();
    expect(await page.getByTestId('menu-icon').count()).toBe(0);
    // A square is not "narrower than tall" (spec §4): still the desktop layout.
    await page.setViewportSize({ width: 800, height: 800 });
    await page.waitForTimeout(200);
    expect(await page.getByTestId('menu-icon').count()).toBe(0);
    await page.setViewportSize({ width: 700, height: 1000 });
    await page.getByTestId('menu-icon').waitFor();
    expect(await page.getByTestId('settings-button').count()).toBe(0);
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.getByTestId('settings-button').waitFor();
    expect(await page.getByTestId('menu-icon').count()).toBe(0);
    await close();
  });

  it('the mask closes the mobile menu', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      viewport: { width: 390, height: 844 },
    });
    await page.getByTestId('menu-icon').click();
    await page.getByTestId('mobile-mask').click({ position: { x: 20, y: 400 } });
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="mobile-menu"]')?.classList.contains('open'),
    );
    await close();
  });

  it('dark mode asks for a decode key whose button reads 确认 or 忽略, then switches title and slogan', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.waitForFunction(() => document.title === '随笔 | 糖果罐');
    expect(await page.getByTestId('slogan').textContent()).toBe('Happy Sugar Life');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('switch-dark').getByRole('switch').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '忽略' }).waitFor();
    await dialog.getByRole('textbox').fill('e2e-dark-key');
    await dialog.getByRole('button', { name: '确认' }).click();
    await page.waitForFunction(() => document.title === '呓语 | 糖果罐');
    expect(await page.getByTestId('slogan').textContent()).toBe('Unhappy Sugar Life');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // Dark mode shows the waifu and moments links.
    await page.getByTestId('nav-waifu').waitFor();
    await page.getByTestId('nav-moments').waitFor();
    // The decode key now travels as X-Dark-Key.
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/') && r.headers()['x-dark-key'] === 'e2e-dark-key',
    );
    await page.getByTestId('nav-waifu').click();
    await request;
    await close();
  });

  it('closing the decode-key dialog leaves dark mode off', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('switch-dark').getByRole('switch').click();
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('switch-dark').getByRole('switch').getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await page.getByTestId('slogan').textContent()).toBe('Happy Sugar Life');
    expect(await page.getByTestId('toast').count()).toBe(0);
    await close();
  });

  it('the menu entry sets the dark key, then offers to reset it', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('dark-key-entry').getByText('设置暗黑模式密钥').click();
    await page.getByRole('dialog').getByRole('textbox').fill('abc');
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await page.getByTestId('dark-key-entry').getByText('重置暗黑模式密钥').waitFor();
    await close();
  });

  it('between 00:00 and 06:00 dark mode is on with 现在是网抑时间', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, { hour: 1 });
    await page.getByTestId('toast').getByText('现在是网抑时间').waitFor();
    expect(await page.getByTestId('slogan').textContent()).toBe('Unhappy Sugar Life');
    await close();
  });

  it('between 17:00 and 19:00 the warning 逢魔之时 shows', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, { hour: 18 });
    await page.getByTestId('toast').getByText('逢魔之时').waitFor();
    await close();
  });

  it('the developer switch shows only with the gate open', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.getByTestId('settings-button').click();
    expect(await page.getByTestId('switch-dev').count()).toBe(0);
    await clickLogo(page, 11, 0);
    await page.getByTestId('switch-dev').waitFor();
    await close();
  });

  it('the image viewer opens, zooms with the wheel and closes on a tap', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    // Any element marked data-viewer-src opens the viewer (ui/imageViewer/delegate.ts).
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/files/images/demo/card-1.jpg';
      img.dataset.viewerSrc = '/files/images/demo/card-1.jpg';
      img.dataset.testid = 'thumb';
      img.style.width = '80px';
      document.querySelector('.main')?.prepend(img);
    });
    await page.getByTestId('thumb').click();
    const viewed = page.getByTestId('image-viewer-img');
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLImageElement>('[data-testid="image-viewer-img"]');
      return el !== null && el.style.width !== '';
    });
    const fitted = await viewed.boundingBox();
    // 800×500 fitted into 80% of 1280×800: width 1024 or height 640, whichever binds first.
    expect(Math.round(fitted?.width ?? 0)).toBe(1024);
    expect(Math.round(fitted?.height ?? 0)).toBe(640);
    await page.getByTestId('image-viewer-save').waitFor();
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -100);
    await page.waitForFunction(
      (w) =>
        (document.querySelector<HTMLImageElement>('[data-testid="image-viewer-img"]')?.getBoundingClientRect()
          .width ?? 0) > w,
      fitted?.width ?? 0,
    );
    // A drag of 30px moves the image and does not close the viewer.
    await page.mouse.down();
    await page.mouse.move(670, 400, { steps: 5 });
    await page.mouse.up();
    expect(await page.getByTestId('image-viewer').count()).toBe(1);
    // A tap closes it.
    await page.mouse.click(640, 400);
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });
    await close();
  });

  it('zooming out stops at 50px', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.dataset.viewerSrc = '/files/images/demo/card-1.jpg';
      a.dataset.testid = 'open-viewer';
      a.textContent = 'open';
      document.querySelector('.main')?.prepend(a);
    });
    await page.getByTestId('open-viewer').click();
    await page.waitForFunction(
      () => document.querySelector<HTMLImageElement>('[data-testid="image-viewer-img"]')?.style.width,
    );
    await page.mouse.move(640, 400);
    for (let i = 0; i < 60; i++) await page.mouse.wheel(0, 100);
    await page.waitForTimeout(100);
    const box = await page.getByTestId('image-viewer-img').boundingBox();
    expect(Math.round(Math.min(box?.width ?? 0, box?.height ?? 0))).toBe(50);
    expect(pathOf(page)).toBe('/chaos');
    await close();
  });
});
