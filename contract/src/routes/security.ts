import type { RouteDef } from '../routeDef.ts';

/**
 * The owner's second factors and fresh-login confirmation (issue 26 points 1–3). Logging in with a
 * passkey or a TOTP code is public like the password login; changing a factor needs a fresh login.
 */
export const securityRoutes = {
  loginTotp: { method: 'POST', path: '/user/login/totp', access: 'public' },
  passkeyChallenge: { method: 'POST', path: '/user/passkey/challenge', access: 'public' },
  passkeyLogin: { method: 'POST', path: '/user/passkey/login', access: 'public' },
  securityConfirm: { method: 'POST', path: '/user/security/confirm', access: 'owner', guard: 'session' },
  revokeOtherSessions: {
    method: 'POST',
    path: '/user/security/sessions/revoke-others',
    access: 'owner',
    guard: 'session',
  },
  passkeyRegisterOptions: {
    method: 'POST',
    path: '/user/security/passkey/options',
    access: 'owner',
    guard: 'fresh',
  },
  passkeyRegister: { method: 'POST', path: '/user/security/passkey', access: 'owner', guard: 'fresh' },
  passkeyDelete: { method: 'DELETE', path: '/user/security/passkey/:id', access: 'owner', guard: 'fresh' },
  totpSetup: { method: 'POST', path: '/user/security/totp/setup', access: 'owner', guard: 'fresh' },
  totpEnable: { method: 'POST', path: '/user/security/totp', access: 'owner', guard: 'fresh' },
  totpDisable: { method: 'POST', path: '/user/security/totp/disable', access: 'owner', guard: 'fresh' },
} as const satisfies Record<string, RouteDef>;
