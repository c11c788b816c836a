import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
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

const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The headless shell every spec of a worker shares. The e2e projects run their files one after
 * another in one worker (`isolate: false`), and a launch costs ≈ 1.1 CPU-s (issue 39): sixty specs
 * launched one each. Specs share nothing through it — each context is a fresh profile of its own
 * (storage, cookies, cache, permissions) — and it ends with the worker (Playwright closes the
 * browsers it launched when its process exits). A browser that crashed or was closed is launched anew.
 */
let shared: Promise<Browser> | undefined;
const sharedBrowser = async (): Promise<Browser> => {
  const running = shared && (await shared.catch(() => undefined));
  if (running?.isConnected()) return running;
  shared = chromium.launch({ executablePath: chromePath(), args: flags });
  return shared;
};

/**
 * The system Chromium, with the flags this sandboxed, offline machine needs; pages open at midday,
 * service workers blocked. What a spec gets is its own lease on the worker's shared browser: the
 * contexts it opens are its own, and its `close()` closes them, not the browser.
 * `{ notifications: true }`: a full browser of the spec's own (`fullChromePath`), for the one spec
 * that reads the notifications a service worker showed — the headless shell shows none.
 */
export const launchBrowser = async ({ notifications = false } = {}): Promise<Browser> => {
  if (notifications) {
    const own = await chromium.launch({ executablePath: fullChromePath(), args: flags });
    return lease(own, () => own.close());
  }
  return lease(await sharedBrowser(), async () => undefined);
};

/**
 * The site's service worker (issue 46.3) is blocked unless a spec asks for it: requests it
 * answers pass by page.route() (Playwright's documented limit), and a page a spec expects fresh
 * from a busy server could come from its cache after its 3 s network timeout. The specs of the
 * worker itself (offline reading, Web Push) pass `serviceWorkers: 'allow'`.
 * Visitors read Chinese unless a spec says otherwise (issue 44): the specs assert the
 * specification's Chinese texts, and the server answers a browser's Accept-Language.
 */
const withZone = (options: BrowserContextOptions = {}): BrowserContextOptions => ({
  ...options,
  locale: options.locale ?? 'zh-CN',
  timezoneId: options.timezoneId ?? daytimeZone(),
  serviceWorkers: options.serviceWorkers ?? 'block',
});

/** A spec's view of `browser`: contexts opened through it are closed by its `close()`, then `end`. */
const lease = (browser: Browser, end: () => Promise<void>): Browser => {
  const contexts = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
    const context = await browser.newContext(withZone(options));
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  const newPage = async (options?: BrowserContextOptions): Promise<Page> => {
    const context = await newContext(options);
    const page = await context.newPage();
    // When the browser closes first, the context is already gone: nothing left to close.
    page.once('close', () => context.close().catch(() => undefined));
    return page;
  };
  const close = async (): Promise<void> => {
    await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    await end();
  };
  const own: Partial<Browser> = { newContext, newPage, close, contexts: () => [...contexts] };
  return new Proxy(browser, {
    get: (target, key) => {
      if (key in own) return own[key as keyof Browser];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
