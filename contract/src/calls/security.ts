import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { securityRoutes as routes } from '../routes/security.ts';
import { LoginSession, PasskeyView, Sealed } from './auth.ts';

const Base64Url = z.lazy(() =>
  z
    .string()
    .min(1)
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'schema.security.base64url'),
);

const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** A WebAuthn credential in its JSON form, around the ceremony's own `response`. */
const credential = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal('public-key'),
    response: z.object(response),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}).loose(),
  });

/** What `@simplewebauthn/browser`'s `startRegistration` answers (WebAuthn's JSON form). */
export const RegistrationCredential = z.lazy(() =>
  credential({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(Transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
);
export type RegistrationCredential = z.infer<typeof RegistrationCredential>;

/** What `startAuthentication` answers. */
export const AssertionCredential = z.lazy(() =>
  credential({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
);
export type AssertionCredential = z.infer<typeof AssertionCredential>;

/** WebAuthn options for the browser, passed to `startRegistration` / `startAuthentication` as is. */
const WebAuthnOptions = z.lazy(() => z.object({ challenge: z.string() }).loose());

/** Six digits from the authenticator app, or one of the ten recovery codes (`xxxxx-xxxxx`). */
export const SecondFactorCode = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/i, 'schema.security.code'),
);

export const LoginTotpRequest = z.lazy(() =>
  z
    .object({
      /** The ticket the password step answered. */
      ticket: z.string().min(20).max(100),
      code: SecondFactorCode,
    })
    .strict(),
);
export type LoginTotpRequest = z.infer<typeof LoginTotpRequest>;

export const loginTotp = defineCall(routes.loginTotp, () => ({
  body: LoginTotpRequest,
  response: LoginSession,
}));

export const passkeyChallenge = defineCall(routes.passkeyChallenge, () => ({
  body: z.object({}).strict().optional(),
  response: z.object({ options: WebAuthnOptions }),
}));

export const PasskeyLoginRequest = z.lazy(() => z.object({ credential: AssertionCredential }).strict());
export type PasskeyLoginRequest = z.infer<typeof PasskeyLoginRequest>;

export const passkeyLogin = defineCall(routes.passkeyLogin, () => ({
  body: PasskeyLoginRequest,
  response: LoginSession,
}));

/** Proves the owner again: the password sealed like the login's, or a passkey assertion. */
export const ConfirmRequest = z.lazy(() =>
  z.union([z.object({ password: Sealed }).strict(), z.object({ credential: AssertionCredential }).strict()]),
);
export type ConfirmRequest = z.infer<typeof ConfirmRequest>;

export const securityConfirm = defineCall(routes.securityConfirm, () => ({
  body: ConfirmRequest,
  /** When the confirmation stops counting as fresh, ms epoch. */
  response: z.object({ freshUntil: z.number() }),
}));

export const revokeOtherSessions = defineCall(routes.revokeOtherSessions, () => ({
  body: z.object({}).strict().optional(),
  response: z.object({ revokedSessions: z.number() }),
}));

export const passkeyRegisterOptions = defineCall(routes.passkeyRegisterOptions, () => ({
  body: z.object({}).strict().optional(),
  response: z.object({ options: WebAuthnOptions }),
}));

export const PasskeyRegisterRequest = z.lazy(() =>
  z
    .object({
      name: z.string().trim().min(1, 'schema.required').max(60),
      credential: RegistrationCredential,
    })
    .strict(),
);
export type PasskeyRegisterRequest = z.infer<typeof PasskeyRegisterRequest>;

export const passkeyRegister = defineCall(routes.passkeyRegister, () => ({
  body: PasskeyRegisterRequest,
  response: PasskeyView,
}));

export const passkeyDelete = defineCall(routes.passkeyDelete, () => ({
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.null(),
}));

export const totpSetup = defineCall(routes.totpSetup, () => ({
  body: z.object({}).strict().optional(),
  response: z.object({
    /** Base32, for typing into an app by hand. */
    secret: z.string(),
    /** The `otpauth://` URI the QR code holds. */
    uri: z.string(),
    /** The QR code as a PNG data URL. */
    qr: z.string(),
  }),
}));

export const totpEnable = defineCall(routes.totpEnable, () => ({
  body: z
    .object({
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'schema.security.totp'),
    })
    .strict(),
  /** Shown once; only their hashes are kept. */
  response: z.object({ recoveryCodes: z.array(z.string()) }),
}));

export const TotpDisableRequest = z.lazy(() =>
  z.union([
    z.object({ code: SecondFactorCode }).strict(),
    z.object({ credential: AssertionCredential }).strict(),
  ]),
);
export type TotpDisableRequest = z.infer<typeof TotpDisableRequest>;

export const totpDisable = defineCall(routes.totpDisable, () => ({
  body: TotpDisableRequest,
  response: z.null(),
}));

/** Passkeys, TOTP, confirmation (issue 26.1–3). Keyed like `securityRoutes`. */
export const securityCalls = {
  loginTotp,
  passkeyChallenge,
  passkeyLogin,
  securityConfirm,
  revokeOtherSessions,
  passkeyRegisterOptions,
  passkeyRegister,
  passkeyDelete,
  totpSetup,
  totpEnable,
  totpDisable,
} satisfies Record<string, CallDef>;
