import type { RouteDef } from '../routeDef.ts';

/** Handshake, versions and the server's own state. */
export const systemRoutes = {
  knock: { method: 'POST', path: '/user/knock', access: 'public' },
  systemVersion: { method: 'GET', path: '/system/version', access: 'public' },
  systemInfo: { method: 'GET', path: '/system', access: 'owner' },
  systemDebug: { method: 'POST', path: '/system/debug', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
