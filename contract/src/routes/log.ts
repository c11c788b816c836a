import type { RouteDef } from '../routeDef.ts';

/** The server's own log lines (issue 12, `/great-old-one/revelation`). */
export const logRoutes = {
  logList: { method: 'GET', path: '/log', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
