import type { PasskeyView } from '@candy/contract/calls/auth';
import type { AssertionCredential, RegistrationCredential } from '@candy/contract/calls/security';
import type { Language } from '@candy/contract/languages';
import type { Logger } from 'pino';
import { conflict, forbidden } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { loadWebAuthn } from '../../lazyModules.ts';
import type { RelyingParty } from './relyingParty.ts';
import type { PasskeyRow, SecurityRepo } from './repo.ts';

/** How long a browser has to answer a challenge. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** The owner's WebAuthn user handle: there is one owner, so one fixed id. */
const OWNER_HANDLE = new TextEncoder().encode('candy-jar-owner');

export const presentPasskey = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

const parseTransports = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

/**
 * WebAuthn for the owner (issue 26.1) over `@simplewebauthn/server`. Challenges live in the database
 * and are used up by a conditional delete as the library reads them, so a challenge (and with it an
 * assertion) works once on whichever replica sees it first.
 */
export const createPasskeys = (deps: {
  repo: SecurityRepo;
  now: () => number;
  logger: Logger;
  /** The site's language (SITE_LANGUAGE): the relying party's name the authenticator shows. */
  language: Language;
}) => {
  const { repo, now, logger } = deps;
  const consume = (purpose: 'register' | 'assert') => (challenge: string) =>
    repo.consumeChallenge(challenge, purpose, now());

  return {
    async registrationOptions(rp: RelyingParty, username: string) {
      const existing = await repo.passkeys();
      const options = await (await loadWebAuthn()).generateRegistrationOptions({
        rpName: serverText(deps.language, 'site.brand'),
        rpID: rp.id,
        userName: username,
        userID: OWNER_HANDLE,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credential_id,
          transports: parseTransports(p.transports),
        })),
        // Discoverable, so /contract can log in without a username.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await repo.saveChallenge(options.challenge, 'register', now() + CHALLENGE_TTL_MS, now());
      return options;
    },

    async register(rp: RelyingParty, name: string, credential: RegistrationCredential): Promise<PasskeyView> {
      const result = await (await loadWebAuthn())
        .verifyRegistrationResponse({
          response: credential,
          expectedChallenge: consume('register'),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'passkey registration refused');
          return { verified: false as const };
        });
      if (!result.verified) throw forbidden(said('error.security.passkeyRegistrationFailed'));
      const { credential: made } = result.registrationInfo;
      if (await repo.passkeyByCredential(made.id)) throw conflict(said('error.security.passkeyKnown'));
      const row = await repo.addPasskey({
        credential_id: made.id,
        public_key: Buffer.from(made.publicKey).toString('base64url'),
        counter: made.counter,
        transports: JSON.stringify(made.transports ?? credential.response.transports ?? []),
        name,
        created_at: now(),
        last_used_at: null,
      });
      return presentPasskey(row);
    },

    /** Options for a discoverable-credential assertion: no username, any of the owner's passkeys. */
    async assertionOptions(rp: RelyingParty) {
      const options = await (await loadWebAuthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
      });
      await repo.saveChallenge(options.challenge, 'assert', now() + CHALLENGE_TTL_MS, now());
      return options;
    },

    /**
     * Whether an assertion proves the owner: a registered passkey, a live challenge (used up here),
     * a good signature and a counter that moved forward (a clone or a replay does not).
     */
    async verifyAssertion(rp: RelyingParty, credential: AssertionCredential): Promise<boolean> {
      const passkey = await repo.passkeyByCredential(credential.id);
      if (!passkey) return false;
      try {
        const result = await (await loadWebAuthn()).verifyAuthenticationResponse({
          response: credential,
          expectedChallenge: consume('assert'),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
            counter: Number(passkey.counter),
            transports: parseTransports(passkey.transports),
          },
          requireUserVerification: true,
        });
        if (!result.verified) return false;
        // Conditional on the counter read above: two replicas cannot both accept one assertion.
        return repo.advanceCounter(
          passkey.id,
          Number(passkey.counter),
          result.authenticationInfo.newCounter,
          now(),
        );
      } catch (error) {
        logger.warn({ err: error }, 'passkey assertion refused');
        return false;
      }
    },

    list: async () => (await repo.passkeys()).map(presentPasskey),
  };
};

export type Passkeys = ReturnType<typeof createPasskeys>;
