import type { RouteDef } from '../routeDef.ts';

/** Liveness and readiness for load balancers, supervisors and `HEALTHCHECK` (issue 17). */
export const healthRoutes = {
  healthLive: { method: 'GET', path: '/health', access: 'public' },
  healthReady: { method: 'GET', path: '/health/ready', access: 'public' },
} as const satisfies Record<string, RouteDef>;
