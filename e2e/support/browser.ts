import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core';
import { chromePath, fullChromePath } from './chromePath.ts';

/**
 * A time zone in which it is now about noon. The app switches to dark mode by itself between 00:00
 * and 06:00 and warns between 17:00 and 19:00 (spec §4, §9), so a page that did not pin its clock
 * would behave differently depending on when the suite runs. A zone only moves the local hour:
 * `Date.now()` stays real, so key expiry and server times are unaffected.
 */
export const daytimeZone = (now = new Date()): string => zoneAt(12, now);

/** A time zone in which it is now `hour`:xx (03 is night: dark mode by the hour). */
export const zoneAt = (hour: number, now = new Date()): string => {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT-N is UTC+N (POSIX signs are inverted).
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
};

/**
 * The system Chromium, with the flags this sandboxed, offline machine needs; pages open at midday,
 * service workers blocked. `{ notifications: true }`: the full browser (`fullChromePath`), for the one
 * spec that reads the notifications a service worker showed — the headless shell shows none.
 */
export const launchBrowser = async ({ notifications = false } = {}): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: notifications ? fullChromePath() : chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // The site's service worker (issue 46.3) is blocked unless a spec asks for it: requests it
  // answers pass by page.route() (Playwright's documented limit), and a page a spec expects fresh
  // from a busy server could come from its cache after its 3 s network timeout. The specs of the
  // worker itself (offline reading, Web Push) pass `serviceWorkers: 'allow'`.
  // Visitors read Chinese unless a spec says otherwise (issue 44): the specs assert the
  // specification's Chinese texts, and the server answers a browser's Accept-Language.
  const withZone = (options: BrowserContextOptions = {}): BrowserContextOptions => ({
    ...options,
    locale: options.locale ?? 'zh-CN',
    timezoneId: options.timezoneId ?? daytimeZone(),
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  browser.newContext = (options) => newContext(withZone(options));
  browser.newPage = async (options) => {
    const context = await newContext(withZone(options));
    const page = await context.newPage();
    // When the browser closes first, the context is already gone: nothing left to close.
    page.once('close', () => context.close().catch(() => undefined));
    return page;
  };
  return browser;
};
