import type { TestApp } from '../../../test/harness.ts';
import { loginKey } from '../auth/testing.ts';

/** The page's origin in tests: browsers accept `localhost` as RP ID (an IP address they refuse). */
export const ORIGIN = 'http://localhost:5173';

export const as = (key: string) => ({ 'x-fingerprint': key, origin: ORIGIN });

/** An owner call with a JSON body from the page at `ORIGIN`. */
export const post = (t: TestApp, url: string, payload: unknown, key?: string) =>
  t.server.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: key ? as(key) : { origin: ORIGIN },
    payload: payload as Record<string, unknown>,
  });

/** A key from a real password login (so a fresh one). */
export const freshKey = (t: TestApp, uuid = 'device-security') => loginKey(t, { uuid });

/** Clears what the security tests leave behind, keeping the owner. */
export const resetSecurity = async (t: TestApp) => {
  const { db } = t.database;
  for (const table of [
    'login_attempt',
    'access_key',
    'owner_passkey',
    'owner_totp',
    'owner_recovery_code',
    'owner_challenge',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
};
