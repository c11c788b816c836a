import type { RouteDef } from '../routes.ts';

/** Quotes (issue 4). */
export const hitokotoRoutes = {} as const satisfies Record<string, RouteDef>;
