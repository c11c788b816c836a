import type { RouteDef } from '../routes.ts';

/** Essays and reservations (issue 4). */
export const essaysRoutes = {} as const satisfies Record<string, RouteDef>;
