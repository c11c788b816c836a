import { createHash, randomBytes } from 'node:crypto';
import { safeEqual } from '../../http/guards.ts';

/**
 * An app's access token starts with this: told apart from an API token (`cj_`) and an access key
 * at a glance, and easy to grep for when one leaks.
 */
export const APP_TOKEN_PREFIX = 'cjo_';

/** 256 random bits, base64url. */
export const newSecret = (prefix = ''): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/** What the database keeps instead of a secret (client secret, code, token). */
export const digestOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** PKCE S256 (RFC 7636 §4.6): BASE64URL(SHA256(verifier)) must equal the challenge. */
export const pkceMatches = (verifier: string, challenge: string): boolean =>
  /^[A-Za-z0-9._~-]{43,128}$/.test(verifier) &&
  safeEqual(createHash('sha256').update(verifier).digest('base64url'), challenge);

export const looksLikeAppToken = (text: string): boolean =>
  text.startsWith(APP_TOKEN_PREFIX) && text.length <= 64;
