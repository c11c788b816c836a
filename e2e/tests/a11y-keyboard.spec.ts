import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { openPage, pathOf } from '../support/pages.ts';

/**
 * Keyboard only (issue 17): the navigation, the switches, dialogs, comments and the image viewer
 * are used with Tab, Enter, Space and Escape alone; a closed phone menu takes no focus; a dialog
 * keeps focus inside and gives it back.
 */

/** What the focused element is, read inside the page (the e2e project has no DOM types). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = (globalThis as unknown as { document: { activeElement: Element | null } }).document
      .activeElement;
    return {
      text: el?.textContent?.trim() ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      inMenu: Boolean(el?.closest('[data-testid="mobile-menu"]')),
      inDialog: Boolean(el?.closest('[role="dialog"]')),
      tag: el?.tagName.toLowerCase() ?? '',
    };
  });

/** Presses Tab until `match` holds for the focused element (at most `limit` presses). */
const tabTo = async (page: Page, match: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 60) => {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (match(await focused(page))) return;
  }
  throw new Error('never reached by Tab');
};

describe('keyboard-only use in Chromium', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('follows a navigation link with Tab and Enter', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await tabTo(page, (f) => f.tag === 'a' && f.text === '关于');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/about');
    expect(pathOf(page)).toBe('/about');
    await close();
  });

  it('never focuses the closed phone menu; opened, its links are reachable', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`, {
      viewport: { width: 390, height: 844 },
    });
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMenu).toBe(false);
    }
    await page.getByTestId('menu-icon').focus();
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.inMenu && f.tag === 'a');
    expect((await focused(page)).inMenu).toBe(true);
    await close();
  });

  it('toggles a switch with Space, and a dialog keeps focus inside and gives it back', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await tabTo(page, (f) => f.testId === 'settings-button');
    await page.keyboard.press('Enter');
    // The dark-key entry opens a dialog; focus starts in its input.
    await tabTo(page, (f) => f.testId === 'dark-key-entry');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await focused(page)).testId).toBe('dark-key-entry');

    // The offline switch: Space on the focused switch turns it on.
    const offline = page.getByTestId('switch-offline').getByRole('switch');
    await offline.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => offline.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => offline.getAttribute('aria-checked')).toBe('false');
    await close();
  });

  it('opens an essay picture with Enter, moves inside the viewer, closes with Escape back to the picture', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/chaos`);
    await tabTo(page, (f) => f.tag === 'img' && f.label.startsWith('查看图片'), 120);
    await page.keyboard.press('Enter');
    await page.getByTestId('image-viewer').waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('image-viewer').waitFor({ state: 'detached' });
    const back = await focused(page);
    expect(back.tag).toBe('img');
    expect(back.label.startsWith('查看图片')).toBe(true);
    await close();
  });

  it('writes and sends a comment with the keyboard alone', async () => {
    const { page, close } = await openPage(browser, `${baseUrl}/about`);
    const text = `键盘留言 ${Date.now().toString(36)}`;
    await tabTo(page, (f) => f.tag === 'textarea' && f.label === '说点什么吧', 200);
    await page.keyboard.type(text);
    // One comment per 10 s from one address: another spec may have just posted.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    await page.keyboard.press('Control+Enter');
    await page.locator('.comment-text', { hasText: text }).waitFor();
    await close();
  });
});
