import type { AssertionCredential, RegistrationCredential } from '@candy/contract/calls/security';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { call } from './request.ts';

/**
 * The browser side of passkeys. `@simplewebauthn/browser` loads here, on first use, so only
 * /contract and the security page ever fetch it (DESIGN §11: the first-load JS does not grow).
 */
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the button hides otherwise). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Asks the browser for an assertion on a fresh server challenge (any of the owner's passkeys). */
export const passkeyAssertion = async (): Promise<AssertionCredential> => {
  const { startAuthentication } = await webauthn();
  const { options } = await call('passkeyChallenge', { body: {} });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return response as AssertionCredential;
};

/** Creates a passkey on this device for the owner; the server checks and stores it. */
export const passkeyRegistration = async (): Promise<RegistrationCredential> => {
  const { startRegistration } = await webauthn();
  const { options } = await call('passkeyRegisterOptions', { body: {} });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return response as RegistrationCredential;
};

/** A cancelled or timed-out browser prompt: nothing to report. */
export const passkeyCancelled = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
