import type { RouteDef } from '../routes.ts';

/** Waifu gallery (issue 4). */
export const waifuRoutes = {} as const satisfies Record<string, RouteDef>;
