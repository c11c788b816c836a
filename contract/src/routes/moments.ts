import type { RouteDef } from '../routeDef.ts';

/** Moments feed and its statistics (issue 4): dark key or owner. */
export const momentsRoutes = {
  momentList: { method: 'GET', path: '/blog/moments', access: 'dark' },
  momentStatistics: { method: 'GET', path: '/blog/moments/statistics', access: 'dark' },
  momentWeekReport: { method: 'GET', path: '/blog/moments/week-report', access: 'dark' },
  /** The owner writes moments (issue 10): PUT is the spec's, POST and DELETE ours. */
  momentCreate: { method: 'POST', path: '/blog/moment', access: 'owner' },
  momentUpdate: { method: 'PUT', path: '/blog/moment/:id', access: 'owner' },
  momentDelete: { method: 'DELETE', path: '/blog/moment/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
