import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ensureOwner, PasswordRuleError, resetOwnerPassword } from './bootstrap.ts';
import { PASSWORD_COST } from './passwords.ts';
import { login, loginKey } from './testing.ts';

describe('owner bootstrap and the reset-password command', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('owner').execute();
    await t.database.db.deleteFrom('login_attempt').execute();
  });

  it('creates the owner from OWNER_USERNAME / OWNER_PASSWORD and prints nothing', async () => {
    const printed: string[] = [];
    const result = await ensureOwner(
      t.database.db,
      { username: 'alice', password: 'alice-password' },
      0,
      (s) => printed.push(s),
    );
    expect(result).toBe('created');
    expect(printed).toEqual([]);
    expect((await login(t, { username: 'alice', password: 'alice-password' })).json().code).toBe(0);
  });

  it('without them, creates `owner` with a generated password printed once, saying so', async () => {
    const printed: string[] = [];
    await ensureOwner(t.database.db, { username: undefined, password: undefined }, 0, (s) => printed.push(s));
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('ONLY time');
    const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await login(t, { username: 'owner', password })).json().code).toBe(0);
    await ensureOwner(t.database.db, { username: undefined, password: undefined }, 0, (s) => printed.push(s));
    expect(printed).toHaveLength(1);
  });

  it('stores a scrypt hash, never the password', async () => {
    await ensureOwner(t.database.db, { username: 'alice', password: 'alice-password' }, 0, () => {});
    const row = await t.database.db.selectFrom('owner').selectAll().executeTakeFirstOrThrow();
    // The tests' lowered cost (harness.ts); a real server stores PASSWORD_COST, N = 2^15.
    expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
    expect(row.password_hash).not.toContain('alice-password');
  });

  it('leaves an existing owner alone on later starts, whatever the environment says', async () => {
    await ensureOwner(t.database.db, { username: 'alice', password: 'alice-password' }, 0, () => {});
    const result = await ensureOwner(
      t.database.db,
      { username: 'bob', password: 'bob-password' },
      0,
      () => {},
    );
    expect(result).toBe('exists');
    expect((await login(t, { username: 'alice', password: 'alice-password' })).json().code).toBe(0);
  });

  it('reset-password sets the new password and logs every session out', async () => {
    await ensureOwner(t.database.db, { username: 'alice', password: 'alice-password' }, 0, () => {});
    const key = await loginKey(t, { username: 'alice', password: 'alice-password' });
    const result = await resetOwnerPassword(t.database.db, 'the new one!', t.clock.now);
    expect(result).toEqual({ username: 'alice', revokedSessions: 1 });
    const security = await t.server.inject({
      method: 'GET',
      url: '/api/user/security',
      headers: { 'x-fingerprint': key },
    });
    expect(security.statusCode).toBe(401);
    expect((await login(t, { username: 'alice', password: 'the new one!' })).json().code).toBe(0);
  });

  it('reset-password refuses a password shorter than 8 characters', async () => {
    await expect(resetOwnerPassword(t.database.db, 'short', 0)).rejects.toBeInstanceOf(PasswordRuleError);
  });
});
