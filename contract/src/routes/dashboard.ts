import type { RouteDef } from '../routeDef.ts';

/** The admin home's figures (issue 10). */
export const dashboardRoutes = {
  dashboard: { method: 'GET', path: '/system/dashboard', access: 'owner' },
  /** Everything as one archive (issue 17): the same file `npm run export` writes. */
  systemExport: { method: 'GET', path: '/system/export', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
