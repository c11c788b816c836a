import type { RouteDef } from '../routes.ts';

/** Articles; article 1 is the about page (issue 4). */
export const articlesRoutes = {} as const satisfies Record<string, RouteDef>;
