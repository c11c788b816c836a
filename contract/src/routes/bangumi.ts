import type { RouteDef } from '../routes.ts';

/** Anime list (issue 4). */
export const bangumiRoutes = {} as const satisfies Record<string, RouteDef>;
