import type { RouteDef } from '../routes.ts';

/** Friend links (issue 4). */
export const linksRoutes = {} as const satisfies Record<string, RouteDef>;
