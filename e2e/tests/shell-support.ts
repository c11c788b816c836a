/// <reference lib="dom" />
// Callbacks passed to page.evaluate / waitForFunction run in the browser.
import { obfuscate } from '@candy/contract/obfuscation';
import type { Browser, Page } from 'playwright-core';

/** A storage record (spec §3) as the app writes it, for pages that start as owner and the like. */
export const storageRecord = (patch: Record<string, unknown> = {}): string =>
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
      uuid: 'e2e-uuid-0001',
      guestName: '',
      guestEmail: '',
      ...patch,
    }),
  );

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Local wall-clock hour the page believes it is (default 10:00: no automatic dark, no evening). */
  hour?: number;
  /** Storage record fields to start with. */
  record?: Record<string, unknown>;
}

/** A fresh context (own local storage) on a pinned local time; errors collected for assertions. */
export const openPage = async (
  browser: Browser,
  url: string,
  options: OpenOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const at = new Date();
  at.setHours(options.hour ?? 10, 0, 0, 0);
  await page.clock.install({ time: at });
  if (options.record) {
    const value = storageRecord(options.record);
    await page.addInitScript((v) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('storage', v);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    }, value);
  }
  await page.goto(url);
  return { page, errors, close: () => context.close() };
};

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Clicks the logo `times` times, `gapMs` apart, inside the page (no round trips between clicks). */
export const clickLogo = (page: Page, times: number, gapMs: number): Promise<void> =>
  page.evaluate(
    async ({ times, gapMs }) => {
      for (let i = 0; i < times; i++) {
        (document.querySelector('[data-testid="nav-logo"]') as HTMLElement).click();
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    },
    { times, gapMs },
  );
