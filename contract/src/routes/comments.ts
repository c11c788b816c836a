import type { RouteDef } from '../routes.ts';

/** Comments (issue 4). */
export const commentsRoutes = {} as const satisfies Record<string, RouteDef>;
