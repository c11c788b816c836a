import { essayIdOfPath, normalisePath, pageRedirects } from '@candy/contract/sitePaths';
import type { ComponentType } from 'react';

/** Route meta (spec §2): title, darkTitle (used in dark mode), fullscreen (hides the chrome). */
export interface RouteMeta {
  title: string;
  darkTitle?: string;
  fullscreen?: boolean;
  /** Back-office pages load the admin component set before showing (spec §2). */
  adminKit?: boolean;
}

export interface PageRoute {
  /** The spec's path; a pattern's name (`/chaos/:id`) for a route matched by `matches`. */
  path: string;
  /** For a route with a parameter: whether a path is one of its pages. */
  matches?: (path: string) => boolean;
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
  /** Label in the navigation, when the route has a menu item of its own. */
  nav?: string;
  /** A back-office page reached only from elsewhere (the apps' approval page): not in the side menu. */
  inMenu?: false;
}

const admin = (path: string, title: string, load: () => Promise<{ default: ComponentType }>): PageRoute => ({
  path: `/great-old-one/${path}`,
  meta: { title, adminKit: true },
  load,
});

/** Every page of spec §2, each loaded on first visit. Paths are the spec's, verbatim. */
export const pageRoutes: PageRoute[] = [
  {
    path: '/home',
    meta: { title: '首页', fullscreen: true },
    load: () => import('../pages/public/home/index.tsx'),
  },
  {
    path: '/chaos',
    nav: '随笔',
    meta: { title: '随笔', darkTitle: '呓语' },
    load: () => import('../pages/public/chaos/index.tsx'),
  },
  {
    // An essay's own page (issue 23): its address in feeds, the sitemap and share previews.
    path: '/chaos/:id',
    matches: (path) => essayIdOfPath(path) !== null,
    meta: { title: '随笔', darkTitle: '呓语' },
    load: () => import('../pages/public/essay/index.tsx'),
  },
  {
    path: '/moments',
    nav: '朋友圈',
    meta: { title: '朋友圈', darkTitle: '深夜朋友圈' },
    load: () => import('../pages/public/moments/index.tsx'),
  },
  {
    path: '/pastel-memories',
    nav: '番剧',
    meta: { title: '番剧', darkTitle: '补番' },
    load: () => import('../pages/public/pastel-memories/index.tsx'),
  },
  {
    path: '/waifu',
    nav: '老婆',
    meta: { title: '老婆', darkTitle: '老婆' },
    load: () => import('../pages/public/waifu/index.tsx'),
  },
  {
    path: '/about',
    nav: '关于',
    meta: { title: '关于', darkTitle: '关于我' },
    load: () => import('../pages/public/about/index.tsx'),
  },
  { path: '/contract', meta: { title: '契约' }, load: () => import('../pages/public/contract/index.tsx') },
  admin('index', '后台', () => import('../pages/admin/index/index.tsx')),
  admin('chaos', '写随笔', () => import('../pages/admin/chaos/index.tsx')),
  admin('revelation', '日志', () => import('../pages/admin/revelation/index.tsx')),
  admin('mabinogion', '待办', () => import('../pages/admin/mabinogion/index.tsx')),
  admin('deathnote', '文件管理', () => import('../pages/admin/deathnote/index.tsx')),
  admin('pastel-memories', '番剧管理', () => import('../pages/admin/pastel-memories/index.tsx')),
  admin('waifu', '老婆管理', () => import('../pages/admin/waifu/index.tsx')),
  admin('analytics', '统计', () => import('../pages/admin/analytics/index.tsx')),
  admin('online-device', '在线设备', () => import('../pages/admin/online-device/index.tsx')),
  admin('mpush', '消息推送', () => import('../pages/admin/mpush/index.tsx')),
  admin('meta', '元数据', () => import('../pages/admin/meta/index.tsx')),
  admin('map', '地图服务', () => import('../pages/admin/map/index.tsx')),
  admin('ryona/material', '视频素材', () => import('../pages/admin/ryona-material/index.tsx')),
  admin('ryona/group', '视频合集', () => import('../pages/admin/ryona-group/index.tsx')),
  admin('ryona/material/create', '添加素材', () => import('../pages/admin/ryona-material-create/index.tsx')),
  admin('cron', '定时任务', () => import('../pages/admin/cron/index.tsx')),
  admin('webhooks', 'Webhook', () => import('../pages/admin/webhooks/index.tsx')),
  admin('tokens', 'API 令牌', () => import('../pages/admin/tokens/index.tsx')),
  admin('import', '导入搬家', () => import('../pages/admin/import/index.tsx')),
  admin('federation', '联邦宇宙', () => import('../pages/admin/federation/index.tsx')),
  admin('subscribers', '订阅者', () => import('../pages/admin/subscribers/index.tsx')),
  // Issue 42: where `GET /oauth/authorize` sends the owner to approve a fediverse app.
  { ...admin('authorize', '授权应用', () => import('../pages/admin/authorize/index.tsx')), inMenu: false },
  {
    path: '/utils/index',
    meta: { title: '工具箱' },
    load: () => import('../pages/utils/index/index.tsx'),
  },
  {
    path: '/utils/merge-image',
    meta: { title: '长截图拼接' },
    load: () => import('../pages/utils/merge-image/index.tsx'),
  },
  {
    path: '/utils/oplus-log-decrypt',
    meta: { title: '日志解密' },
    load: () => import('../pages/utils/oplus-log-decrypt/index.tsx'),
  },
  {
    path: '/utils/qrcode-decode',
    meta: { title: '二维码识别' },
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
