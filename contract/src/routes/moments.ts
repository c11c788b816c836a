import type { RouteDef } from '../routes.ts';

/** Moments feed and its statistics (issue 4). */
export const momentsRoutes = {} as const satisfies Record<string, RouteDef>;
