import type { RouteDef } from '../routeDef.ts';

/** Friend links (issue 4); the owner's writes (issue 11). */
export const linksRoutes = {
  linkList: { method: 'GET', path: '/blog/link', access: 'public' },
  linkCreate: { method: 'POST', path: '/blog/link', access: 'owner' },
  linkUpdate: { method: 'PUT', path: '/blog/link/:id', access: 'owner' },
  linkDelete: { method: 'DELETE', path: '/blog/link/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
