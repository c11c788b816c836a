import type { RouteDef } from '../routes.ts';

/** Quotes (issue 4). */
export const hitokotoRoutes = {
  hitokotoRandom: { method: 'GET', path: '/blog/hitokoto/random', access: 'public' },
} as const satisfies Record<string, RouteDef>;
