import { authCalls } from '@candy/contract/calls/auth';
import type { OwnerSession } from '../../http/guards.ts';
import type { Router } from '../../http/router.ts';
import type { AuthService } from './service.ts';

/** Small bodies only: a username and one or two RSA ciphertexts. */
const BODY_LIMIT = 8 * 1024;

// The router guarantees `owner` on owner calls; this narrows the type without a second check.
export const ownerOf = (owner: OwnerSession | null): OwnerSession => owner as OwnerSession;

/** `GET /user/security` is the security module's: it adds passkeys and TOTP to the sessions. */
export const authRoutes = (router: Router, auth: AuthService): void => {
  router.route(authCalls.login, ({ body, caller }) => auth.login(body, caller), { bodyLimit: BODY_LIMIT });
  router.route(authCalls.loginFailures, () => auth.loginFailures());
  router.route(authCalls.revokeSession, ({ params }) => auth.revokeSession(params.id));
  router.route(authCalls.logout, ({ owner }) => auth.logout(ownerOf(owner)));
  router.route(
    authCalls.changePassword,
    ({ body, caller, owner }) => auth.changePassword(body, caller, ownerOf(owner)),
    { bodyLimit: BODY_LIMIT },
  );
};
