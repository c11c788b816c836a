import { obfuscate } from '@candy/contract/obfuscation';
import { defaultRecord, type StorageRecord } from '@candy/contract/storageRecord';
import type { Browser, Page } from 'playwright-core';

/** What page scripts see (the e2e project has no DOM types). */
interface PageWindow {
  history: { pushState(state: unknown, title: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string) => unknown;
  document: { querySelector(selector: string): { click(): void } | null };
  localStorage: { setItem(key: string, value: string): void };
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** A storage record (spec §3) as the app writes it (obfuscated), with some fields changed. */
export const storageRecord = (patch: Partial<StorageRecord> = {}): string =>
  obfuscate(JSON.stringify({ ...defaultRecord('e2e-uuid-0001'), ...patch }));

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Local wall-clock hour the page believes it is (default 10:00: no automatic dark, no evening). */
  hour?: number;
  /** Storage record fields to start with. */
  record?: Partial<StorageRecord>;
  /** Let the site's service worker run (blocked by default: support/browser.ts). */
  serviceWorkers?: 'allow';
  /** The browser's language (`Accept-Language`, `navigator.languages`); Chromium's default unless said. */
  locale?: string;
}

/** A fresh context (own local storage) on a pinned local time; page errors collected for assertions. */
export const openPage = async (
  browser: Browser,
  url: string,
  options: OpenOptions = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
  // The pinned hour below is computed in this process's zone, so the page must share it.
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const at = new Date();
  at.setHours(options.hour ?? 10, 0, 0, 0);
  await page.clock.install({ time: at });
  if (options.record) {
    // Seeded once: a reload must find what the app itself wrote since.
    await page.addInitScript((value) => {
      const win = globalThis as unknown as PageWindow;
      if (!win.sessionStorage.getItem('e2e-seeded')) {
        win.localStorage.setItem('storage', value);
        win.sessionStorage.setItem('e2e-seeded', '1');
      }
    }, storageRecord(options.record));
  }
  await page.goto(url);
  if (url !== 'about:blank') await waitForApp(page);
  return { page, errors, close: () => context.close() };
};

/**
 * Waits until the app answers input: a server-rendered page is only to look at until it has
 * hydrated (`<html data-ready>`, set by web/src/main.tsx).
 */
export const waitForApp = (page: Page): Promise<unknown> =>
  page.waitForSelector('html[data-ready]', { state: 'attached' });

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page's path (and query) is the expected one. */
export const waitForPath = (page: Page, expected: string): Promise<unknown> =>
  page.waitForURL((url) => url.pathname + url.search === expected, { timeout: 10_000 });

/** Client-side navigation, as a link would do it: state in memory (the open gate) survives. */
export const goInApp = (page: Page, path: string): Promise<void> =>
  page.evaluate((to) => {
    const win = globalThis as unknown as PageWindow;
    win.history.pushState(null, '', to);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, path);

/** Clicks the logo `times` times, `gapMs` apart, inside the page (no round trips between clicks). */
export const clickLogo = (page: Page, times: number, gapMs: number): Promise<void> =>
  page.evaluate(
    async ({ times, gapMs }) => {
      const win = globalThis as unknown as PageWindow;
      for (let i = 0; i < times; i++) {
        win.document.querySelector('[data-testid="nav-logo"]')?.click();
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
    },
    { times, gapMs },
  );

/**
 * Waits out dnd-kit's click guard after a drop: it swallows every click for 50 ms (a page timer),
 * and Chromium runs input before timers, so on a busy machine the next click could land inside
 * that window and vanish. A 100 ms timer of our own in the page fires only after dnd-kit's has.
 */
export const afterDrop = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));

/** Opens the secret gate: more than 10 logo clicks within a second (spec §2). */
export const openGate = (page: Page): Promise<void> => clickLogo(page, 11, 0);

/**
 * Collects what a page does wrong: uncaught errors, console errors and — for pages that must work
 * offline — any request that leaves `origin`. Returns the live list for assertions.
 */
export const watchProblems = (page: Page, origin: string, options: { console?: boolean } = {}): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  if (options.console !== false) {
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
  }
  page.on('request', (r) => {
    if (!/^(blob|data):/.test(r.url()) && !r.url().startsWith(origin)) problems.push(`request to ${r.url()}`);
  });
  return problems;
};
