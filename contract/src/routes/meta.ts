import type { RouteDef } from '../routeDef.ts';

/** Meta strings (issue 11): the owner's settings in groups; the public site settings. */
export const metaRoutes = {
  metaList: { method: 'GET', path: '/meta/string', access: 'owner' },
  metaMap: { method: 'GET', path: '/meta/string/map', access: 'owner' },
  metaGroup: { method: 'GET', path: '/meta/string/group/:id', access: 'owner' },
  metaCreate: { method: 'POST', path: '/meta/string/group', access: 'owner' },
  metaUpdate: { method: 'PUT', path: '/meta/string/any/:id', access: 'owner' },
  metaDelete: { method: 'DELETE', path: '/meta/string/any/:id', access: 'owner' },
  /** What the footer shows (tags, contact link, notices); public and cached. */
  metaSite: { method: 'GET', path: '/meta/site', access: 'public' },
} as const satisfies Record<string, RouteDef>;
