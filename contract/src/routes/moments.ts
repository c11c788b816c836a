import type { RouteDef } from '../routes.ts';

/** Moments feed and its statistics (issue 4): dark key or owner. */
export const momentsRoutes = {
  momentList: { method: 'GET', path: '/blog/moments', access: 'dark' },
  momentStatistics: { method: 'GET', path: '/blog/moments/statistics', access: 'dark' },
  momentWeekReport: { method: 'GET', path: '/blog/moments/week-report', access: 'dark' },
} as const satisfies Record<string, RouteDef>;
