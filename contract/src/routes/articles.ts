import type { RouteDef } from '../routeDef.ts';

/** Articles; article 1 is the about page (issue 4). */
export const articlesRoutes = {
  articleDetail: { method: 'GET', path: '/blog/article/:id', access: 'public' },
  /** The about page's editor (issue 10): `PUT /blog/article/1 {content}`. */
  articleUpdate: { method: 'PUT', path: '/blog/article/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
