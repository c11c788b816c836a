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
import { newsletterRoutes } from '@candy/contract/routes/newsletter';
import { replyNoticesRoutes } from '@candy/contract/routes/replyNotices';
import { systemRoutes } from '@candy/contract/routes/system';
import { videosRoutes } from '@candy/contract/routes/videos';
import { waifuRoutes } from '@candy/contract/routes/waifu';

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
  ...videosRoutes,
  // The subscription form's two calls only: the group's owner calls wait for the table like the rest.
  newsletterState: newsletterRoutes.newsletterState,
  newsletterSubscribe: newsletterRoutes.newsletterSubscribe,
};

let allRoutes: Promise<Record<RouteName, RouteDef>> | undefined;

/** A call's method, path and access: at once for a visitor's call, after the table's chunk otherwise. */
export const routeOf = (name: RouteName): RouteDef | Promise<RouteDef> => {
  const known = visitorRoutes[name];
  if (known) return known;
  allRoutes ??= import('@candy/contract/routes').then((table) => table.routes);
  return allRoutes.then((table) => table[name]);
};
