import type { RouteDef } from '../routes.ts';

/** Owner login, security page (issue 5). */
export const authRoutes = {} as const satisfies Record<string, RouteDef>;
