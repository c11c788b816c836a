import type { RouteDef } from '../routes.ts';

/** Friend links (issue 4). */
export const linksRoutes = {
  linkList: { method: 'GET', path: '/blog/link', access: 'public' },
} as const satisfies Record<string, RouteDef>;
