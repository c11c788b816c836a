import type { RouteDef } from '../routeDef.ts';

/**
 * Owner login and the security page (issue 5). The spec names only login and `GET /user/security`;
 * revoking a session, logging out and changing the password live under `/user/…` beside them.
 */
export const authRoutes = {
  login: { method: 'POST', path: '/user/login', access: 'public' },
  security: { method: 'GET', path: '/user/security', access: 'owner', guard: 'session' },
  revokeSession: { method: 'DELETE', path: '/user/security/session/:id', access: 'owner', guard: 'session' },
  logout: { method: 'POST', path: '/user/logout', access: 'owner', guard: 'session' },
  changePassword: { method: 'PUT', path: '/user/security/password', access: 'owner', guard: 'session' },
  /** Failed logins grouped by address and method, for the sessions page (issue 40.4). */
  loginFailures: { method: 'GET', path: '/user/security/failures', access: 'owner', guard: 'session' },
} as const satisfies Record<string, RouteDef>;
