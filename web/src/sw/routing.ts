import { Header } from '@candy/contract/headers';
import { isSitePath } from '@candy/contract/sitePaths';

/**
 * Which requests the service worker answers, and how (issue 46.3). Pure, so that the rules a
 * visitor's offline reading and the owner's privacy depend on are unit-tested without a browser.
 * Whatever this answers null for, the worker leaves alone: the browser goes to the network as if
 * there were no worker, so nothing it answers can come from a cache.
 */
export type RequestKind =
  /** A public page (navigation): network first, the copy kept for when the network is gone. */
  | 'page'
  /** A hashed bundle (`/assets/…`): its bytes never change, so the cached copy is used first. */
  | 'asset'
  /** An icon or the manifest beside the app: the cached copy at once, refreshed behind it. */
  | 'static'
  /** A picture uploaded into an essay or a moment (`/files/images/…`, never rewritten). */
  | 'image'
  /** A public read of the API the pages show (essays, links, comments…): network first. */
  | 'read'
  /** A file of the offline snapshot on a mirror (`…?t=<stamp>`): network first, kept without the stamp. */
  | 'mirror';

/** What the worker knows of the site beyond its own origin (from its script URL: workerConfig.ts). */
export interface WorkerConfig {
  /** Absolute API bases (the server's own `/api` and any API_CANDIDATES host). */
  apiBases: string[];
  /** Absolute snapshot mirror bases (OFFLINE_MIRRORS, or the server's own `/snapshot`). */
  mirrors: string[];
}

/** The part of a Request the rules read (a real Request fits). */
export interface RequestLike {
  url: string;
  method: string;
  mode: string;
  headers: { has(name: string): boolean };
}

/** Pages that belong to the owner: never answered by the worker, cached or not. */
export const isOwnerPage = (pathname: string): boolean =>
  pathname === '/contract' || pathname.startsWith('/contract/') || /^\/great-old-one(\/|$)/.test(pathname);

/**
 * The API reads a visitor's pages show. An allowlist, not a denylist: an owner call added later is
 * never cached by mistake. Push subscriptions, proofs of work, newsletter pages, the version probe,
 * health, music and uploads are left out on purpose: they are per-device, one-off or live answers.
 */
const cachedReads: readonly RegExp[] = [
  /^\/blog\/essay(\/\d+)?$/,
  /^\/blog\/article\/\d+$/,
  /^\/blog\/link$/,
  /^\/blog\/bangumi$/,
  /^\/blog\/hitokoto\/random$/,
  /^\/blog\/comment$/,
  /^\/blog\/emote\/list$/,
  /^\/meta\/site$/,
  /^\/video\/public\/(material|collection)\/\d+$/,
];

/** A request that carries the owner's key or the dark-mode key: its answer is someone's own. */
export const carriesCredentials = (request: RequestLike, url: URL): boolean =>
  request.headers.has(Header.fingerprint) ||
  request.headers.has(Header.darkKey) ||
  request.headers.has('authorization') ||
  url.searchParams.has('fingerprint');

/** `base` and what lies below it (`/api` holds `/api/blog`, not `/apiary`). */
const under = (url: URL, base: string): string | null => {
  const href = url.origin + url.pathname;
  if (href === base) return '';
  return href.startsWith(`${base}/`) ? href.slice(base.length) : null;
};

/** The mirror file's stamp (offlineFiles.ts `stamped`): every read asks the mirror afresh. */
const hasStamp = (url: URL): boolean => /^\d+$/.test(url.searchParams.get('t') ?? '');

/** How the worker answers `request` from a page of `origin`, or null: not at all. */
export const requestKind = (
  request: RequestLike,
  origin: string,
  config: WorkerConfig,
): RequestKind | null => {
  if (request.method !== 'GET') return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (carriesCredentials(request, url)) return null;
  if (request.mode === 'navigate') {
    if (url.origin !== origin || isOwnerPage(url.pathname)) return null;
    return isSitePath(url.pathname) ? 'page' : null;
  }
  for (const base of config.apiBases) {
    const path = under(url, base);
    if (path !== null) return cachedReads.some((read) => read.test(path)) ? 'read' : null;
  }
  if (hasStamp(url) && config.mirrors.some((base) => under(url, base) !== null)) return 'mirror';
  if (url.origin !== origin) return null;
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.pathname.startsWith('/files/images/')) return 'image';
  if (/^\/[\w-]+\.(png|svg|ico|webmanifest)$/.test(url.pathname)) return 'static';
  return null;
};

/** The key a mirror file is kept under: its address without the `t` stamp, so a later read finds it. */
export const mirrorCacheKey = (href: string): string => {
  const url = new URL(href);
  url.searchParams.delete('t');
  return url.href;
};

/** The part of a Response the storing rule reads. */
export interface ResponseLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether an answer may be kept: a whole 200 the server did not mark as someone's own. Owner
 * answers are `no-store` and a reader's dark answers `private` (server/src/http/router.ts,
 * publicCache.ts): the worker honours both, whatever the request looked like.
 */
export const isStorable = (response: ResponseLike): boolean => {
  if (response.status !== 200 || response.redirected || response.type === 'opaque') return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/.test(cacheControl);
};
