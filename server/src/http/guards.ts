import { createHash, timingSafeEqual } from 'node:crypto';
import { FRESH_LOGIN_MS, type OwnerGuardLevel } from '@candy/contract/call';
import type { TokenScope } from '@candy/contract/tokenScope';
import { said } from '../i18n/said.ts';
import type { Caller } from './context.ts';
import { forbidden, freshLoginRequired } from './errors.ts';

/** A verified owner session, produced only by the auth module's guard. */
export interface OwnerSession {
  /** A browser session's access key, or an API token (issue 26) acting for the owner. */
  kind: 'session' | 'token';
  /** The access key's (or token's) row id. */
  sessionId: number;
  username: string;
  /** When the owner last proved who they are on this session (login or confirmation), ms epoch. */
  authenticatedAt: number;
  /** Set when `kind` is 'token': its name (for the audit log) and what it may do (the router checks). */
  token?: { name: string; scope: TokenScope };
}

/** One owner write as the router saw it, for the audit log. */
export interface OwnerWrite {
  username: string;
  method: string;
  /** Path without the query string (a query may carry the access key). */
  path: string;
  status: number;
  ip: string;
}

/**
 * Who the owner is, and the record of what the owner changed. The router consults it for every
 * call that offers a key and reports every non-GET owner call to it, so no module can skip either.
 */
export interface OwnerGuard {
  /** The owner's session for a caller offering a live access key or API token; null for everyone else. */
  verify(caller: Caller): Promise<OwnerSession | null>;
  /** Records an owner write once its answer is decided. */
  recordWrite(write: OwnerWrite): Promise<void>;
}

/**
 * Until the auth module supplies the real guard, no one is the owner: owner routes refuse every
 * caller with 4010 rather than ever being open.
 */
export const refuseEveryone: OwnerGuard = {
  verify: async () => null,
  recordWrite: async () => {},
};

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Constant-time string comparison, so key checks leak nothing through timing. Comparing digests
 * gives both sides the same length, so not even the secret's length shows.
 */
export const safeEqual = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

export const hasDarkKey = (caller: Caller, darkKey: string | undefined): boolean =>
  darkKey !== undefined && caller.darkKey !== undefined && safeEqual(caller.darkKey, darkKey);

/**
 * The security settings' stricter check (DESIGN §11): never an API token, and for `fresh` calls a
 * login or confirmation within the last ten minutes, so a stolen or forgotten session cannot change
 * how the owner logs in.
 */
export const checkSecurityGuard = (level: OwnerGuardLevel, owner: OwnerSession, now: number): void => {
  if (owner.kind !== 'session') throw forbidden(said('error.guards.tokenOnSecurity'));
  if (level === 'fresh' && now - owner.authenticatedAt > FRESH_LOGIN_MS) throw freshLoginRequired();
};
