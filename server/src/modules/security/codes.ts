import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { loadQrCode } from '../../lazyModules.ts';

/** Codes from one step either side of now are accepted: phones' clocks drift. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` URI and its QR code (a PNG data URL) for the authenticator app. */
/** `issuer`: the name the authenticator app shows (the site's brand, in the site's language). */
export const totpEnrolment = async (secret: string, username: string, issuer: string) => {
  const uri = generateURI({ issuer, label: username, secret });
  const qr = await (await loadQrCode()).toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qr };
};

/** The time step a six-digit code is good for at `now`, or null when it is wrong. */
export const totpStep = async (secret: string, code: string, now: number): Promise<number | null> => {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};

/** Ten codes like `k7q2m-x9p4t`, each good once; only their digests are stored. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });

/**
 * A recovery code's or a ticket's digest. These are random values with 50+ bits (recovery codes,
 * tried under the login limiter) or 256 bits (tickets), so a plain SHA-256 suffices; no scrypt.
 */
export const digestOf = (value: string): string =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('hex');

export const newTicket = (): string => randomBytes(32).toString('base64url');

export const isRecoveryCode = (code: string): boolean => code.includes('-');
