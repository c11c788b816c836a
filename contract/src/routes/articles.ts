import type { RouteDef } from '../routes.ts';

/** Articles; article 1 is the about page (issue 4). */
export const articlesRoutes = {
  articleDetail: { method: 'GET', path: '/blog/article/:id', access: 'public' },
} as const satisfies Record<string, RouteDef>;
