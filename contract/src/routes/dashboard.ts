import type { RouteDef } from '../routes.ts';

/** The admin home's figures (issue 10). */
export const dashboardRoutes = {
  dashboard: { method: 'GET', path: '/system/dashboard', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
