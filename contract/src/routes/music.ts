import type { RouteDef } from '../routes.ts';

/** Music proxy (issue 4). */
export const musicRoutes = {} as const satisfies Record<string, RouteDef>;
