import type { RouteDef } from '../routeDef.ts';

/** The API described in OpenAPI 3.1 (issue 17). */
export const docsRoutes = {
  openapi: { method: 'GET', path: '/openapi.json', access: 'public' },
} as const satisfies Record<string, RouteDef>;
