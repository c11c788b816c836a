import type { Browser, Page } from 'playwright-core';
import { storageRecord } from './pages.ts';

/** The dark-mode decode key the shared e2e server runs with (e2e/support/globalSetup.ts). */
export const e2eDarkKey = 'e2e-dark-key';

interface RecordPatch {
  uuid?: string;
  darkModeDecodeKey?: string;
  guestName?: string;
  guestEmail?: string;
}

/**
 * A script that puts a storage record (spec §3, version 6, obfuscated) into local storage before
 * the app starts — only when none is there yet, so reloads keep what the app wrote since.
 */
export const storageInitScript = (patch: RecordPatch): string =>
  `if (!localStorage.getItem('storage')) localStorage.setItem('storage', ${JSON.stringify(storageRecord({ uuid: crypto.randomUUID(), ...patch }))});`;

/** A fresh visitor (own context, own uuid); page errors and console errors are collected. */
export const openVisitor = async (browser: Browser, patch: RecordPatch = {}) => {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(storageInitScript({ uuid: crypto.randomUUID(), ...patch }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { context, page, errors };
};

/** Turns dark mode on through the settings menu (the decode key is already stored). */
export const switchDarkOn = async (page: Page): Promise<void> => {
  await page.getByTestId('settings-button').click();
  const toggle = page.getByTestId('switch-dark').getByRole('switch');
  await toggle.click();
  await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
};
