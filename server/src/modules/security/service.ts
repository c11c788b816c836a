import { FRESH_LOGIN_MS } from '@candy/contract/call';
import type { SecondFactorNeeded, SecurityResponse } from '@candy/contract/calls/auth';
import type {
  AssertionCredential,
  ConfirmRequest,
  LoginTotpRequest,
  PasskeyRegisterRequest,
  TotpDisableRequest,
} from '@candy/contract/calls/security';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import type { Caller } from '../../http/context.ts';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { OwnerSession } from '../../http/guards.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { AuthService } from '../auth/service.ts';
import {
  digestOf,
  isRecoveryCode,
  newRecoveryCodes,
  newTicket,
  newTotpSecret,
  totpEnrolment,
  totpStep,
} from './codes.ts';
import type { Passkeys } from './passkeys.ts';
import type { RelyingParty } from './relyingParty.ts';
import type { SecurityRepo } from './repo.ts';

/** How long the password step's ticket waits for the TOTP code. */
const TICKET_TTL_MS = 5 * 60_000;

export interface SecurityDeps {
  repo: SecurityRepo;
  passkeys: Passkeys;
  auth: AuthService;
  now: () => number;
  logger: Logger;
  /** The site's language (SITE_LANGUAGE): the issuer the authenticator app shows. */
  language: Language;
}

/** Passkeys, TOTP with recovery codes, and the fresh-login confirmation (issue 26.1–3). */
export const createSecurityService = (deps: SecurityDeps) => {
  const { repo, passkeys, auth, now, logger } = deps;

  const totpOn = async (): Promise<boolean> => (await repo.totp())?.enabled === 1;

  /** A TOTP code (each time step accepted once) or an unused recovery code (used up here). */
  const codeMatches = async (code: string): Promise<boolean> => {
    if (isRecoveryCode(code)) return repo.useRecoveryCode(digestOf(code), now());
    const totp = await repo.totp();
    if (totp?.enabled !== 1) return false;
    const step = await totpStep(totp.secret, code, now());
    return step !== null && (await repo.useStep(step, now()));
  };

  /**
   * A passkey assertion under the login limiter: its address's failed assertions throttle it, nobody's
   * wrong passwords or codes do (issue 40.4).
   */
  const guardedAssertion = async (
    rp: RelyingParty,
    credential: AssertionCredential,
    caller: Caller,
    refusal: () => Error,
  ) => {
    const username = await auth.ownerName();
    const attemptId = await auth.guarded(
      username,
      caller,
      () => passkeys.verifyAssertion(rp, credential),
      refusal,
      { method: 'passkey' },
    );
    return { username, attemptId };
  };

  auth.attachSecondFactor({
    required: totpOn,
    async issueTicket(): Promise<SecondFactorNeeded> {
      const ticket = newTicket();
      const ticketExp = now() + TICKET_TTL_MS;
      await repo.saveChallenge(digestOf(ticket), 'ticket', ticketExp, now());
      return { secondFactor: 'totp', ticket, ticketExp };
    },
  });

  return {
    /**
     * The password login's second step. A wrong code leaves the ticket alive (a typo need not mean
     * typing the password again) but counts toward the limiter; a right one uses the ticket up.
     */
    async loginTotp(body: LoginTotpRequest, caller: Caller) {
      const ticket = digestOf(body.ticket);
      const expired = () => unauthorized(said('error.security.loginExpired'));
      if (!(await repo.challengeLive(ticket, 'ticket', now()))) throw expired();
      const username = await auth.ownerName();
      const attemptId = await auth.guarded(
        username,
        caller,
        () => codeMatches(body.code),
        () => unauthorized(said('error.security.badCode')),
        { method: 'totp' },
      );
      if (!(await repo.consumeChallenge(ticket, 'ticket', now()))) throw expired();
      return auth.succeed(username, caller, attemptId, 'password+totp');
    },

    // Spread: WebAuthn's option interfaces become plain objects for the contract's loose schema.
    passkeyChallenge: async (rp: RelyingParty) => ({ options: { ...(await passkeys.assertionOptions(rp)) } }),

    /** A passkey alone logs in: it is already two factors (the device and its PIN or biometrics). */
    async passkeyLogin(rp: RelyingParty, credential: AssertionCredential, caller: Caller) {
      const { username, attemptId } = await guardedAssertion(rp, credential, caller, () =>
        unauthorized(said('error.security.passkeyFailed')),
      );
      return auth.succeed(username, caller, attemptId, 'passkey');
    },

    async confirm(rp: () => RelyingParty, body: ConfirmRequest, caller: Caller, owner: OwnerSession) {
      const attemptId =
        'password' in body
          ? await auth.checkPassword(body.password, caller, owner)
          : (
              await guardedAssertion(rp(), body.credential, caller, () =>
                forbidden(said('error.security.passkeyFailed')),
              )
            ).attemptId;
      const at = await auth.confirmed(owner, attemptId);
      logger.info({ username: owner.username, ip: caller.ip }, 'owner confirmed a fresh login');
      return { freshUntil: at + FRESH_LOGIN_MS };
    },

    async security(owner: OwnerSession): Promise<SecurityResponse> {
      return {
        ...(await auth.security(owner)),
        passkeys: await passkeys.list(),
        totp: { enabled: await totpOn(), recoveryCodesLeft: await repo.recoveryCodesLeft() },
      };
    },

    passkeyRegisterOptions: async (rp: RelyingParty, owner: OwnerSession) => ({
      options: { ...(await passkeys.registrationOptions(rp, owner.username)) },
    }),

    passkeyRegister: (rp: RelyingParty, body: PasskeyRegisterRequest) =>
      passkeys.register(rp, body.name, body.credential),

    async passkeyDelete(id: number): Promise<null> {
      if (!(await repo.deletePasskey(id))) throw notFound(said('error.security.passkeyNotFound'));
      return null;
    },

    async totpSetup(owner: OwnerSession) {
      const secret = newTotpSecret();
      if (!(await repo.pendingTotp(secret, now()))) throw conflict(said('error.security.totpOn'));
      return totpEnrolment(secret, owner.username, serverText(deps.language, 'site.brand'));
    },

    /** The first code proves the app holds the secret; the recovery codes are shown this once. */
    async totpEnable(code: string) {
      const pending = await repo.totp();
      if (!pending || pending.enabled === 1) throw conflict(said('error.security.totpNotPending'));
      const step = await totpStep(pending.secret, code, now());
      if (step === null) throw forbidden(said('error.security.badCode'));
      const recoveryCodes = newRecoveryCodes();
      if (!(await repo.enableTotp(step, recoveryCodes.map(digestOf), now()))) {
        throw conflict(said('error.security.totpOn'));
      }
      return { recoveryCodes };
    },

    /** Needs a current code (or a recovery code) or a passkey, on top of the fresh login. */
    async totpDisable(rp: () => RelyingParty, body: TotpDisableRequest, caller: Caller, owner: OwnerSession) {
      if (!(await totpOn())) throw conflict(said('error.security.totpOff'));
      const attemptId =
        'code' in body
          ? await auth.guarded(
              owner.username,
              caller,
              () => codeMatches(body.code),
              () => forbidden(said('error.security.badCode')),
              { method: 'totp' },
            )
          : (
              await guardedAssertion(rp(), body.credential, caller, () =>
                forbidden(said('error.security.passkeyFailed')),
              )
            ).attemptId;
      await auth.passed(attemptId);
      await repo.disableTotp();
      logger.info({ username: owner.username, ip: caller.ip }, 'owner turned TOTP off');
      return null;
    },

    revokeOthers: (owner: OwnerSession) => auth.revokeOthers(owner),
  };
};

export type SecurityService = ReturnType<typeof createSecurityService>;
