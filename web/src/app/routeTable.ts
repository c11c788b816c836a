import { essayIdOfPath, normalisePath, pageRedirects } from '@candy/contract/sitePaths';
import type { ComponentType } from 'react';

/** Route meta (spec §2): title, darkTitle (used in dark mode), fullscreen (hides the chrome). */
export interface RouteMeta {
  /** A message key (web/src/i18n): the title in the reader's language. */
  title: string;
  darkTitle?: string;
  fullscreen?: boolean;
  /** Back-office pages load the admin component set before showing (spec §2). */
  adminKit?: boolean;
  /** A catalogue part the page needs beside the public one, loaded with its chunk (issue 44). */
  catalogue?: 'tools';
}

export interface PageRoute {
  /** The spec's path; a pattern's name (`/chaos/:id`) for a route matched by `matches`. */
  path: string;
  /** For a route with a parameter: whether a path is one of its pages. */
  matches?: (path: string) => boolean;
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
  /** Label in the navigation (a message key), when the route has a menu item of its own. */
  nav?: string;
  /** A back-office page reached only from elsewhere (the apps' approval page): not in the side menu. */
  inMenu?: false;
}

/** Back-office titles are keys of the admin catalogue (loaded with the back office's kit). */
const admin = (path: string, load: () => Promise<{ default: ComponentType }>): PageRoute => ({
  path: `/great-old-one/${path}`,
  meta: { title: `admin.title.${path}`, adminKit: true },
  load,
});

/** Every page of spec §2, each loaded on first visit. Paths are the spec's, verbatim. */
export const pageRoutes: PageRoute[] = [
  {
    path: '/home',
    meta: { title: 'title.home', fullscreen: true },
    load: () => import('../pages/public/home/index.tsx'),
  },
  {
    path: '/chaos',
    nav: 'nav.chaos',
    meta: { title: 'title.chaos', darkTitle: 'title.chaos.dark' },
    load: () => import('../pages/public/chaos/index.tsx'),
  },
  {
    // An essay's own page (issue 23): its address in feeds, the sitemap and share previews.
    path: '/chaos/:id',
    matches: (path) => essayIdOfPath(path) !== null,
    meta: { title: 'title.chaos', darkTitle: 'title.chaos.dark' },
    load: () => import('../pages/public/essay/index.tsx'),
  },
  {
    path: '/moments',
    nav: 'nav.moments',
    meta: { title: 'title.moments', darkTitle: 'title.moments.dark' },
    load: () => import('../pages/public/moments/index.tsx'),
  },
  {
    path: '/pastel-memories',
    nav: 'nav.pastel-memories',
    meta: { title: 'title.pastel-memories', darkTitle: 'title.pastel-memories.dark' },
    load: () => import('../pages/public/pastel-memories/index.tsx'),
  },
  {
    path: '/waifu',
    nav: 'nav.waifu',
    meta: { title: 'title.waifu', darkTitle: 'title.waifu.dark' },
    load: () => import('../pages/public/waifu/index.tsx'),
  },
  {
    path: '/about',
    nav: 'nav.about',
    meta: { title: 'title.about', darkTitle: 'title.about.dark' },
    load: () => import('../pages/public/about/index.tsx'),
  },
  {
    path: '/contract',
    meta: { title: 'title.contract' },
    load: () => import('../pages/public/contract/index.tsx'),
  },
  admin('index', () => import('../pages/admin/index/index.tsx')),
  admin('chaos', () => import('../pages/admin/chaos/index.tsx')),
  admin('revelation', () => import('../pages/admin/revelation/index.tsx')),
  admin('mabinogion', () => import('../pages/admin/mabinogion/index.tsx')),
  admin('deathnote', () => import('../pages/admin/deathnote/index.tsx')),
  admin('pastel-memories', () => import('../pages/admin/pastel-memories/index.tsx')),
  admin('waifu', () => import('../pages/admin/waifu/index.tsx')),
  admin('analytics', () => import('../pages/admin/analytics/index.tsx')),
  admin('online-device', () => import('../pages/admin/online-device/index.tsx')),
  admin('mpush', () => import('../pages/admin/mpush/index.tsx')),
  admin('meta', () => import('../pages/admin/meta/index.tsx')),
  admin('map', () => import('../pages/admin/map/index.tsx')),
  admin('ryona/material', () => import('../pages/admin/ryona-material/index.tsx')),
  admin('ryona/group', () => import('../pages/admin/ryona-group/index.tsx')),
  admin('ryona/material/create', () => import('../pages/admin/ryona-material-create/index.tsx')),
  admin('cron', () => import('../pages/admin/cron/index.tsx')),
  admin('webhooks', () => import('../pages/admin/webhooks/index.tsx')),
  admin('tokens', () => import('../pages/admin/tokens/index.tsx')),
  admin('import', () => import('../pages/admin/import/index.tsx')),
  admin('federation', () => import('../pages/admin/federation/index.tsx')),
  admin('subscribers', () => import('../pages/admin/subscribers/index.tsx')),
  // Issue 42: where `GET /oauth/authorize` sends the owner to approve a fediverse app.
  { ...admin('authorize', () => import('../pages/admin/authorize/index.tsx')), inMenu: false },
  {
    path: '/utils/index',
    meta: { title: 'title.utils' },
    load: () => import('../pages/utils/index/index.tsx'),
  },
  {
    path: '/utils/merge-image',
    meta: { catalogue: 'tools', title: 'title.merge-image' },
    load: () => import('../pages/utils/merge-image/index.tsx'),
  },
  {
    path: '/utils/oplus-log-decrypt',
    meta: { catalogue: 'tools', title: 'title.oplus-log-decrypt' },
    load: () => import('../pages/utils/oplus-log-decrypt/index.tsx'),
  },
  {
    path: '/utils/qrcode-decode',
    meta: { catalogue: 'tools', title: 'title.qrcode-decode' },
    load: () => import('../pages/utils/qrcode-decode/index.tsx'),
  },
];

/** Redirects of spec §2; any path not listed anywhere goes to `/`. */
export const redirects = pageRedirects;

const byPath = new Map(pageRoutes.filter((r) => !r.matches).map((r) => [r.path, r]));
const withParameter = pageRoutes.filter((r) => r.matches);

export type Resolved = { kind: 'page'; route: PageRoute } | { kind: 'redirect'; to: string };

/** The page for a path, or where to send the user instead. */
export const resolvePath = (pathname: string): Resolved => {
  const path = normalisePath(pathname);
  const route = byPath.get(path) ?? withParameter.find((r) => r.matches?.(path));
  if (route) return { kind: 'page', route };
  return { kind: 'redirect', to: redirects[path] ?? '/' };
};
