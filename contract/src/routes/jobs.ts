import type { RouteDef } from '../routeDef.ts';

/** Scheduled jobs (issue 12). */
export const jobsRoutes = {
  jobList: { method: 'GET', path: '/job', access: 'owner' },
  jobFire: { method: 'POST', path: '/job/fire/:id', access: 'owner' },
  jobUpdate: { method: 'PUT', path: '/job/update/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
