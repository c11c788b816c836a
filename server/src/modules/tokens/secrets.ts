import { createHash, randomBytes } from 'node:crypto';

/** Every token starts with this, so a leaked one is easy to grep for (and to tell from an access key). */
export const TOKEN_PREFIX = 'cj_';
/** `cj_` + 43 base64url characters; anything longer is not worth a lookup. */
export const MAX_TOKEN_LENGTH = 64;
/** How much of the secret the list shows: the prefix and six characters. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 6;

/** A new token: 256 random bits behind the recognisable prefix. */
export const newTokenSecret = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What the database keeps instead of the token (a lookup by digest leaks nothing through timing). */
export const tokenHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const shownPrefix = (secret: string): string => secret.slice(0, SHOWN_LENGTH);

export const looksLikeToken = (text: string): boolean =>
  text.startsWith(TOKEN_PREFIX) && text.length <= MAX_TOKEN_LENGTH;
