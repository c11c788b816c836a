import type { RouteDef } from '../routes.ts';

/** Anime list (issue 4). */
export const bangumiRoutes = {
  bangumiList: { method: 'GET', path: '/blog/bangumi', access: 'public' },
} as const satisfies Record<string, RouteDef>;
