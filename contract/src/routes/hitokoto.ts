import type { RouteDef } from '../routeDef.ts';

/** Quotes (issue 4). */
export const hitokotoRoutes = {
  hitokotoRandom: { method: 'GET', path: '/blog/hitokoto/random', access: 'public' },
} as const satisfies Record<string, RouteDef>;
