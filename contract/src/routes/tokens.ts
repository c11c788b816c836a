import type { RouteDef } from '../routeDef.ts';

/**
 * API tokens (issue 26, point 4). Tokens are security settings: never reachable with a token, and
 * created or revoked only after a fresh login, so a leaked token cannot mint or keep itself.
 */
export const tokensRoutes = {
  /** Every token (live, expired and revoked), newest first; never the secret. */
  tokenList: { method: 'GET', path: '/user/token', access: 'owner', guard: 'session' },
  /** Answers the token's secret: the only time it is ever shown. */
  tokenCreate: { method: 'POST', path: '/user/token', access: 'owner', guard: 'fresh' },
  tokenRevoke: { method: 'DELETE', path: '/user/token/:id', access: 'owner', guard: 'fresh' },
} as const satisfies Record<string, RouteDef>;
