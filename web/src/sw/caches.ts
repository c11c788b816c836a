import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { isStorable, mirrorCacheKey, type RequestKind } from './routing.ts';

/**
 * One cache and one strategy per kind of request (routing.ts), each with its limits. Network
 * first gives up on a silent network after 3 s and answers from the cache: a reader on a dying
 * connection waits no longer than that for what they have already read.
 */
const networkTimeoutSeconds = 3;
const days = 24 * 60 * 60;

/** Every cache name the worker owns; anything else named `candy-…` is a leftover to delete. */
export const cacheNames = {
  page: 'candy-pages',
  asset: 'candy-assets',
  static: 'candy-static',
  image: 'candy-images',
  read: 'candy-reads',
  mirror: 'candy-mirror',
  shell: 'candy-shell',
} as const;

/** The client-rendered page a never-read address gets offline (the server's bare index.html). */
export const shellPage = '/index.html';

/** Keeps only what isStorable allows: no owner answer, no `no-store`/`private`, no error. */
const storableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isStorable(response) ? response : null),
};

/** A 200 with an error envelope (a 4032 handshake, a refusal) is no answer to read offline. */
const envelopeOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    try {
      const body = (await response.clone().json()) as { code?: unknown };
      return body.code === 0 ? response : null;
    } catch {
      return null;
    }
  },
};

const withoutStamp = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => mirrorCacheKey(request.url),
};

/**
 * Pages vary by User-Agent (the server guesses a phone's layout) and reads by the owner's and the
 * dark key: a page kept through the worker's own fetch (keep-page) has no User-Agent in its
 * request, and the keys never reach a strategy (routing.ts), so matching ignores Vary.
 */
const matchOptions = { ignoreVary: true };

const limit = (maxEntries: number, maxAgeDays: number) =>
  new ExpirationPlugin({ maxEntries, maxAgeSeconds: maxAgeDays * days, purgeOnQuotaError: true });

export const strategies: Record<RequestKind, Strategy> = {
  page: new NetworkFirst({
    cacheName: cacheNames.page,
    networkTimeoutSeconds,
    matchOptions,
    plugins: [storableOnly, limit(80, 30)],
  }),
  // Kept 60 days, not per build: a page kept offline still needs the bundles of its own build.
  asset: new CacheFirst({ cacheName: cacheNames.asset, plugins: [storableOnly, limit(400, 60)] }),
  static: new StaleWhileRevalidate({ cacheName: cacheNames.static, plugins: [storableOnly, limit(20, 60)] }),
  image: new CacheFirst({ cacheName: cacheNames.image, plugins: [storableOnly, limit(150, 30)] }),
  read: new NetworkFirst({
    cacheName: cacheNames.read,
    networkTimeoutSeconds,
    matchOptions,
    plugins: [storableOnly, envelopeOk, limit(300, 14)],
  }),
  mirror: new NetworkFirst({
    cacheName: cacheNames.mirror,
    networkTimeoutSeconds,
    matchOptions,
    plugins: [withoutStamp, storableOnly, limit(500, 30)],
  }),
};
