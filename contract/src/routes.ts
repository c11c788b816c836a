import type { Access, HttpMethod } from './call.ts';

export interface RouteDef {
  method: HttpMethod;
  /** The spec's path with `:name` placeholders, relative to the API base. */
  path: string;
  access: Access;
}

/**
 * Every call's method, path and access level, free of zod so the web bundle can import it. The
 * schemas for each name live in `calls/` (server and tests import those); `calls/index.ts` checks
 * that both lists name the same calls.
 */
export const routes = {
  knock: { method: 'POST', path: '/user/knock', access: 'public' },
  systemVersion: { method: 'GET', path: '/system/version', access: 'public' },
  systemInfo: { method: 'GET', path: '/system', access: 'owner' },
  systemDebug: { method: 'POST', path: '/system/debug', access: 'owner' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
