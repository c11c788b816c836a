/**
 * The web app's addresses (spec §2), in one place for the client's route table and the server:
 * the server serves the app only at these and answers any other address with a redirect to `/`
 * (spec §2 "Any unknown path redirects to /", issue 23). No zod here: the web app imports it.
 */

/** Every page of spec §2, verbatim. */
export const pagePaths = [
  '/home',
  '/chaos',
  '/moments',
  '/pastel-memories',
  '/waifu',
  '/about',
  '/contract',
  '/great-old-one/index',
  '/great-old-one/chaos',
  '/great-old-one/revelation',
  '/great-old-one/mabinogion',
  '/great-old-one/deathnote',
  '/great-old-one/pastel-memories',
  '/great-old-one/waifu',
  '/great-old-one/analytics',
  '/great-old-one/online-device',
  '/great-old-one/mpush',
  '/great-old-one/meta',
  '/great-old-one/map',
  '/great-old-one/ryona/material',
  '/great-old-one/ryona/group',
  '/great-old-one/ryona/material/create',
  '/great-old-one/cron',
  // Issue 26.5: not in the spec's list.
  '/great-old-one/webhooks',
  '/great-old-one/tokens',
  '/great-old-one/import',
  // Issue 29: the fediverse account.
  '/great-old-one/federation',
  // Issue 43: readers by e-mail.
  '/great-old-one/subscribers',
  // Issue 42: the fediverse apps' approval page (`/oauth/authorize` sends the owner there).
  '/great-old-one/authorize',
  '/utils/index',
  '/utils/merge-image',
  '/utils/oplus-log-decrypt',
  '/utils/qrcode-decode',
] as const;

/** Redirects of spec §2, followed by the client. */
export const pageRedirects: Readonly<Record<string, string>> = {
  '/': '/chaos',
  '/great-old-one': '/great-old-one/index',
  '/utils': '/utils/index',
};

/** `/chaos/` is `/chaos`, as the client reads it. */
export const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** An essay's own page (issue 23): feeds, the sitemap, share previews and the app's links use it. */
export const essayPath = (id: number): string => `/chaos/${id}`;

/** The essay id of an essay page's path (`/chaos/12` → 12), or null. */
export const essayIdOfPath = (pathname: string): number | null => {
  const id = /^\/chaos\/(\d{1,10})$/.exec(normalisePath(pathname))?.[1];
  return id === undefined ? null : Number(id);
};

/**
 * Where an essay's address of before issue 23 (`/chaos?id=12`, in old feeds and shared links)
 * lives now, or null for any other address.
 */
export const movedEssayPath = (pathname: string, search: string): string | null => {
  if (normalisePath(pathname) !== '/chaos') return null;
  const id = new URLSearchParams(search).get('id');
  return id && /^\d{1,10}$/.test(id) ? essayPath(Number(id)) : null;
};

const known = new Set<string>([...pagePaths, ...Object.keys(pageRedirects)]);

/** Whether the app has something at `pathname` (a page, a redirect of spec §2, an essay). */
export const isSitePath = (pathname: string): boolean => {
  const path = normalisePath(pathname);
  return known.has(path) || essayIdOfPath(path) !== null;
};
