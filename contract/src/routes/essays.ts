import type { RouteDef } from '../routes.ts';

/** Essays and reservations (issue 4). */
export const essaysRoutes = {
  essayList: { method: 'GET', path: '/blog/essay', access: 'public' },
  essayDetail: { method: 'GET', path: '/blog/essay/:id', access: 'public' },
} as const satisfies Record<string, RouteDef>;
