import { timingSafeEqual } from 'node:crypto';
import type { Caller } from './context.ts';

/** A verified owner session, produced only by the auth module's guard. */
export interface OwnerSession {
  sessionId: string;
  username: string;
}

/** Decides whether a caller is the owner. Returns null for everyone else. */
export type OwnerGuard = (caller: Caller) => Promise<OwnerSession | null>;

/**
 * Until the auth module supplies a real guard, no one is the owner: owner routes refuse every
 * caller with 4010 rather than ever being open.
 */
export const refuseEveryone: OwnerGuard = async () => null;

/** Constant-time string comparison, so key checks leak nothing through timing. */
export const safeEqual = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare against itself on length mismatch so both paths take the same time.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(b, b);
};

export const hasDarkKey = (caller: Caller, darkKey: string | undefined): boolean =>
  darkKey !== undefined && caller.darkKey !== undefined && safeEqual(caller.darkKey, darkKey);
