import { obfuscate } from '@candy/contract/obfuscation';
import type { Browser, Page } from 'playwright-core';

/** The owner the e2e server is started with (e2e/support/globalSetup.ts). */
export const E2E_OWNER = { username: 'e2e-owner', password: 'e2e-owner-password' } as const;

/** What page scripts see (the e2e project has no DOM types). */
interface PageWindow {
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
}

/** Client-side navigation, as a link would do it: state in memory (the open gate) survives. */
export const goInApp = (page: Page, path: string): Promise<void> =>
  page.evaluate((to) => {
    const win = globalThis as unknown as PageWindow;
    win.history.pushState(null, '', to);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, path);

/** Fills and submits the /contract form. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await page.getByTestId('contract-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('contract-submit').click();
};

/** Waits until the page's path (and query) is the expected one. */
export const waitForPath = (page: Page, expected: string): Promise<unknown> =>
  page.waitForURL((url) => url.pathname + url.search === expected, { timeout: 10_000 });

/** A storage record (spec §3) as the app writes it, obfuscated, with some fields changed. */
const storageRecord = (patch: Record<string, unknown>): string =>
  obfuscate(
    JSON.stringify({
      version: 6,
      isExpiredGreatOldOne: false,
      darkModeDecodeKey: '',
      devMode: false,
      offlineMode: false,
      accessKey: '',
      accessExp: 0,
      usernameCache: '',
      emoteHistory: [],
      uuid: 'e2e-auth-device',
      guestName: '',
      guestEmail: '',
      ...patch,
    }),
  );

/**
 * A fresh context (its own local storage), optionally starting from a storage record, at 10:00
 * local time so no time-of-day warning gets in the way; page errors collected for assertions.
 */
export const openPage = async (
  browser: Browser,
  url: string,
  options: { record?: Record<string, unknown> } = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const at = new Date();
  at.setHours(10, 0, 0, 0);
  await page.clock.install({ time: at });
  if (options.record) {
    // Seeded once: a reload must find what the app itself wrote since.
    await page.addInitScript((value) => {
      const win = globalThis as unknown as {
        localStorage: { setItem(k: string, v: string): void };
        sessionStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
      };
      if (!win.sessionStorage.getItem('e2e-seeded')) {
        win.localStorage.setItem('storage', value);
        win.sessionStorage.setItem('e2e-seeded', '1');
      }
    }, storageRecord(options.record));
  }
  await page.goto(url);
  return { page, errors, close: () => context.close() };
};

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Opens the secret gate: more than 10 logo clicks within a second, inside the page (spec §2). */
export const openGate = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const doc = (
      globalThis as unknown as { document: { querySelector(s: string): { click(): void } | null } }
    ).document;
    for (let i = 0; i < 11; i++) doc.querySelector('[data-testid="nav-logo"]')?.click();
  });
