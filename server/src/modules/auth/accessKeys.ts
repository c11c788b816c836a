import { createHash, randomBytes } from 'node:crypto';

/** A new access key: 256 random bits, URL-safe so it can travel as the `fingerprint` query. */
export const newAccessKey = (): string => randomBytes(32).toString('base64url');

/**
 * What the database keeps instead of the key. Looking a session up by this digest is safe against
 * timing: an attacker cannot steer the digest of a guess towards a stored one.
 */
export const accessKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');
