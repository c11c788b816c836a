import type { RouteDef } from '../routes.ts';

/** Emotes (issue 4). */
export const emotesRoutes = {} as const satisfies Record<string, RouteDef>;
