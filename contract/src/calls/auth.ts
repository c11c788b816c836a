import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { ErrorCode } from '../codes.ts';
import { authRoutes as routes } from '../routes/auth.ts';
import { PowProof } from './commentModeration.ts';

/** Base64 RSA-OAEP (SHA-256) ciphertext under the caller's live handshake key (DESIGN §3). */
export const Sealed = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(1024)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'schema.auth.sealed'),
);

export const LoginRequest = z.lazy(() =>
  z
    .object({
      username: z.string().trim().min(1).max(64),
      /** The password sealed with the handshake's public key. */
      password: Sealed,
      /**
       * A solved ALTCHA challenge (`GET /blog/comment/challenge`, the comment form's): needed only
       * after repeated failures, when the login answers 4038 (issue 40.4); ignored otherwise.
       */
      proof: PowProof.optional(),
    })
    .strict(),
);
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A new session: the access key the owner's calls carry. */
export const LoginSession = z.lazy(() =>
  z.object({
    /** Sent back as `X-Fingerprint` (and as the `fingerprint` query of protected assets). */
    accessKey: z.string(),
    /** Expiry, ms epoch. */
    accessExp: z.number(),
  }),
);
export type LoginSession = z.infer<typeof LoginSession>;

/**
 * The password was right but the owner turned on a second factor: no session yet, only a
 * short-lived ticket for `POST /user/login/totp` (issue 26.2).
 */
export const SecondFactorNeeded = z.lazy(() =>
  z.object({
    secondFactor: z.literal('totp'),
    ticket: z.string(),
    /** The ticket's expiry, ms epoch. */
    ticketExp: z.number(),
  }),
);
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeeded>;

export const LoginResponse = z.lazy(() => z.union([LoginSession, SecondFactorNeeded]));
export type LoginResponse = z.infer<typeof LoginResponse>;

export const login = defineCall(routes.login, () => ({ body: LoginRequest, response: LoginResponse }));

export const OwnerSessionView = z.lazy(() =>
  z.object({
    id: z.number(),
    createdAt: z.number(),
    lastUsedAt: z.number(),
    expiresAt: z.number(),
    ip: z.string(),
    userAgent: z.string(),
    /** The session whose key made this request. */
    current: z.boolean(),
    /** How it logged in. */
    method: z.enum(['password', 'password+totp', 'passkey']),
    /** Read from the User-Agent; empty when unknown. */
    browser: z.string(),
    os: z.string(),
    /** desktop, mobile, tablet… (bowser's platform type); empty when unknown. */
    device: z.string(),
  }),
);
export type OwnerSessionView = z.infer<typeof OwnerSessionView>;

/**
 * `second-factor`: the password was right and the login waits for the TOTP code; it neither counts as
 * a failure nor clears the counters. `proof-required`: refused before the password was looked at,
 * for want of a good proof of work (4038, 4034–4036).
 */
export const LoginOutcome = z.enum(['success', 'failure', 'limited', 'second-factor', 'proof-required']);
export type LoginOutcome = z.infer<typeof LoginOutcome>;

export const LoginAttemptView = z.lazy(() =>
  z.object({
    id: z.number(),
    at: z.number(),
    /** The username as typed, never the password. */
    username: z.string(),
    ip: z.string(),
    userAgent: z.string(),
    outcome: LoginOutcome,
  }),
);
export type LoginAttemptView = z.infer<typeof LoginAttemptView>;

export const PasskeyView = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  }),
);
export type PasskeyView = z.infer<typeof PasskeyView>;

export const SecurityResponse = z.lazy(() =>
  z.object({
    username: z.string(),
    /** Live sessions, newest first. */
    sessions: z.array(OwnerSessionView),
    /** The last 50 login attempts, newest first. */
    attempts: z.array(LoginAttemptView),
    passkeys: z.array(PasskeyView),
    totp: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
  }),
);
export type SecurityResponse = z.infer<typeof SecurityResponse>;

export const security = defineCall(routes.security, () => ({ response: SecurityResponse }));

export const revokeSession = defineCall(routes.revokeSession, () => ({
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.null(),
}));

export const logout = defineCall(routes.logout, () => ({
  body: z.object({}).strict().optional(),
  response: z.null(),
}));

export const ChangePasswordRequest = z.lazy(() =>
  z
    .object({
      /** The current password, sealed like the login password. */
      password: Sealed,
      /** The new password (8–256 characters once decrypted), sealed the same way. */
      newPassword: Sealed,
    })
    .strict(),
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const changePassword = defineCall(routes.changePassword, () => ({
  body: ChangePasswordRequest,
  /** How many other sessions were revoked. */
  response: z.object({ revokedSessions: z.number() }),
}));

/**
 * The login's own refusal (code 4038), as the login page shows it while it solves the proof: its
 * message is fixed, the code's own (`error.code.4038` in server.json).
 */
export const loginRefusalCodes = [ErrorCode.loginProofRequired] as const;

/** What a login proved the owner with: a password, a TOTP or recovery code, a passkey. */
export const AttemptMethod = z.enum(['password', 'totp', 'passkey']);
export type AttemptMethod = z.infer<typeof AttemptMethod>;

/** Failed logins from one address by one method within the window (issue 40.4). */
export const LoginFailureGroup = z.lazy(() =>
  z.object({
    ip: z.string(),
    method: AttemptMethod,
    /** Wrong passwords, codes or passkeys. */
    failures: z.number(),
    /** Attempts refused before any check: the address was limited (4290) or brought no proof (4038). */
    refused: z.number(),
    /** The first and the last of them, ms epoch. */
    firstAt: z.number(),
    lastAt: z.number(),
  }),
);
export type LoginFailureGroup = z.infer<typeof LoginFailureGroup>;

export const LoginFailures = z.lazy(() =>
  z.object({
    /** How far back the list looks, ms. */
    windowMs: z.number(),
    /** Whether a password login needs a proof of work right now, from any address (many failures). */
    proofForAll: z.boolean(),
    /** The most recent groups first, at most 20. */
    list: z.array(LoginFailureGroup),
  }),
);
export type LoginFailures = z.infer<typeof LoginFailures>;

export const loginFailures = defineCall(routes.loginFailures, () => ({ response: LoginFailures }));

/** Owner login, security page (issue 5). Keyed like `authRoutes`. */
export const authCalls = {
  login,
  security,
  revokeSession,
  logout,
  changePassword,
  loginFailures,
} satisfies Record<string, CallDef>;
