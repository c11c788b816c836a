import type { RouteDef } from '../routeDef.ts';

/** Anime list (issue 4) and its management with Bangumi lookups (issue 11). */
export const bangumiRoutes = {
  bangumiList: { method: 'GET', path: '/blog/bangumi', access: 'public' },
  bangumiBySubjectId: { method: 'GET', path: '/api/bangumi/bySubjectId', access: 'owner' },
  bangumiByKeyword: { method: 'GET', path: '/api/bangumi/byKeyword', access: 'owner' },
  bangumiByAirDate: { method: 'GET', path: '/api/bangumi/byAirDate', access: 'owner' },
  bangumiCreate: { method: 'POST', path: '/blog/bangumi', access: 'owner' },
  bangumiUpdate: { method: 'PUT', path: '/blog/bangumi/:id', access: 'owner' },
  bangumiDelete: { method: 'DELETE', path: '/blog/bangumi/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
