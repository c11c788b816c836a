import { authCalls } from '@candy/contract/calls/auth';
import { securityCalls } from '@candy/contract/calls/security';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/router.ts';
import { ownerOf } from '../auth/routes.ts';
import { relyingPartyOf } from './relyingParty.ts';
import type { SecurityService } from './service.ts';

/** A WebAuthn response with a generous attestation fits easily; a password login is smaller still. */
const BODY_LIMIT = 64 * 1024;

export const securityRoutes = (router: Router, security: SecurityService, siteDomains: readonly string[]) => {
  const rp = (req: FastifyRequest) => relyingPartyOf(req, siteDomains);
  const options = { bodyLimit: BODY_LIMIT };
  router.route(authCalls.security, ({ owner }) => security.security(ownerOf(owner)));
  router.route(securityCalls.loginTotp, ({ body, caller }) => security.loginTotp(body, caller), options);
  router.route(securityCalls.passkeyChallenge, ({ req }) => security.passkeyChallenge(rp(req)));
  router.route(
    securityCalls.passkeyLogin,
    ({ body, caller, req }) => security.passkeyLogin(rp(req), body.credential, caller),
    options,
  );
  router.route(
    securityCalls.securityConfirm,
    ({ body, caller, owner, req }) => security.confirm(() => rp(req), body, caller, ownerOf(owner)),
    options,
  );
  router.route(securityCalls.revokeOtherSessions, ({ owner }) => security.revokeOthers(ownerOf(owner)));
  router.route(securityCalls.passkeyRegisterOptions, ({ owner, req }) =>
    security.passkeyRegisterOptions(rp(req), ownerOf(owner)),
  );
  router.route(
    securityCalls.passkeyRegister,
    ({ body, req }) => security.passkeyRegister(rp(req), body),
    options,
  );
  router.route(securityCalls.passkeyDelete, ({ params }) => security.passkeyDelete(params.id));
  router.route(securityCalls.totpSetup, ({ owner }) => security.totpSetup(ownerOf(owner)));
  router.route(securityCalls.totpEnable, ({ body }) => security.totpEnable(body.code));
  router.route(
    securityCalls.totpDisable,
    ({ body, caller, owner, req }) => security.totpDisable(() => rp(req), body, caller, ownerOf(owner)),
    options,
  );
};
