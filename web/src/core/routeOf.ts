import type { RouteDef } from '@candy/contract/routeDef';
import type { RouteName } from '@candy/contract/routes';
import { articlesRoutes } from '@candy/contract/routes/articles';
import { authRoutes } from '@candy/contract/routes/auth';
import { bangumiRoutes } from '@candy/contract/routes/bangumi';
import { commentsRoutes } from '@candy/contract/routes/comments';
import { emotesRoutes } from '@candy/contract/routes/emotes';
import { essaysRoutes } from '@candy/contract/routes/essays';
import { hitokotoRoutes } from '@candy/contract/routes/hitokoto';
import { linksRoutes } from '@candy/contract/routes/links';
import { metaRoutes } from '@candy/contract/routes/meta';
import { momentsRoutes } from '@candy/contract/routes/moments';
import { musicRoutes } from '@candy/contract/routes/music';
import { replyNoticesRoutes } from '@candy/contract/routes/replyNotices';
import { systemRoutes } from '@candy/contract/routes/system';
import { waifuRoutes } from '@candy/contract/routes/waifu';
import { lazyValue } from './lazyValue.ts';

/**
 * The route groups a visitor's pages call, in the entry. The whole table (every back-office call,
 * a fifth of the entry) loads with the first call outside them (issue 30: the first-load JavaScript
 * sat at DESIGN §8's 100 KB). A group left out here costs one lazy chunk, never a wrong call.
 */
export const visitorRoutes: Partial<Record<RouteName, RouteDef>> = {
  ...systemRoutes,
  ...authRoutes,
  ...essaysRoutes,
  ...articlesRoutes,
  ...linksRoutes,
  ...metaRoutes,
  ...hitokotoRoutes,
  ...bangumiRoutes,
  ...waifuRoutes,
  ...momentsRoutes,
  ...commentsRoutes,
  ...replyNoticesRoutes,
  ...emotesRoutes,
  ...musicRoutes,
  // Of the videos and newsletter groups, the public calls only, written out (the test above holds
  // them to the table): importing a group brings all its owner calls into the entry (issue 44 made
  // room for the interface's languages so).
  videoPublicMaterial: { method: 'GET', path: '/video/public/material/:id', access: 'public' },
  videoPublicCollection: { method: 'GET', path: '/video/public/collection/:id', access: 'public' },
  videoMedia: { method: 'GET', path: '/video/media/:id/:name', access: 'public' },
  newsletterState: { method: 'GET', path: '/blog/newsletter/state', access: 'public' },
  newsletterSubscribe: { method: 'POST', path: '/blog/newsletter/subscribe', access: 'public' },
};

/** The whole table's chunk; loaded again after a failed download (a blip must not break every later call). */
const allRoutes = lazyValue(() => import('@candy/contract/routes').then((table) => table.routes));

/** A call's method, path and access: at once for a visitor's call, after the table's chunk otherwise. */
export const routeOf = (name: RouteName): RouteDef | Promise<RouteDef> => {
  const known = visitorRoutes[name];
  if (known) return known;
  return allRoutes().then((table) => table[name]);
};
