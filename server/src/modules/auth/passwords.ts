import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt password hashes (node:crypto), stored as `scrypt$N$r$p$salt$hash` so the cost can be
 * raised later without breaking stored hashes. N = 2^15 costs ~32 MiB and tens of milliseconds.
 */
export const PASSWORD_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
let cost: { N: number; r: number; p: number } = PASSWORD_COST;

/**
 * The server tests hash new passwords at N = 2^10 (server/test/harness.ts): their hundreds of logins
 * at 2^15 were minutes of CPU (issue 39). A stored hash names its own cost, so checking runs the same
 * code at any cost; the built server the browser tests start keeps PASSWORD_COST.
 */
export const lowerPasswordCostForTests = (): void => {
  cost = { N: 2 ** 10, r: 8, p: 1 };
};
const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // maxmem must exceed 128·N·r bytes, which the default (32 MiB) does not leave room for.
    scrypt(password, salt, length, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
};

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
};

/** A hash no password matches, verified against when the username is unknown so both cost the same. */
let decoyHash: Promise<string> | undefined;
export const decoy = (): Promise<string> => {
  decoyHash ??= hashPassword(randomBytes(32).toString('base64'));
  return decoyHash;
};

/** A password for the first start when none is configured: 144 random bits, URL-safe. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');
