import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, login } from './testing.ts';

describe('brute-force protection of the login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('login_attempt').execute();
  });

  const fail = async (times: number, options: Parameters<typeof login>[1] = {}) => {
    for (let i = 0; i < times; i++) {
      const res = await login(t, { password: 'wrong password', ...options });
      expect(res.json().code).toBe(ErrorCode.unauthorized);
    }
  };

  it('6 wrong passwords in a row: the sixth gets 4290 with Retry-After', async () => {
    await fail(5);
    const sixth = await login(t, { password: 'wrong password' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(ErrorCode.rateLimited);
    expect(sixth.headers['retry-after']).toBe('60');
  });

  it('a burst of parallel wrong passwords gets no more tries than a sequence', async () => {
    // Each guess on its own device (its own handshake), all from one IP, all at once.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t, { password: 'wrong password', uuid: `burst-${i}` })),
    );
    const codes = burst.map((res) => res.json().code);
    const checked = codes.filter((code) => code === ErrorCode.unauthorized).length;
    // Five, as in a sequence; PostgreSQL may let one more through when two inserts commit out of
    // id order (see docs/decisions.md). Without the claim, all twelve would be checked.
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(6);
    expect(codes.filter((code) => code === ErrorCode.rateLimited)).toHaveLength(12 - checked);
    // Locked now: the right password waits too.
    expect((await login(t)).json().code).toBe(ErrorCode.rateLimited);
  });

  it('refuses even the right password during the lock, and lets it in after the wait', async () => {
    await fail(5);
    expect((await login(t)).json().code).toBe(ErrorCode.rateLimited);
    t.clock.advance(60_000);
    const res = await login(t);
    expect(res.json().code).toBe(0);
  });

  it('counts down Retry-After as the lock passes', async () => {
    await fail(5);
    t.clock.advance(45_000);
    expect((await login(t)).headers['retry-after']).toBe('15');
  });

  it('grows the lock with every failure after it passes', async () => {
    await fail(5);
    t.clock.advance(60_000);
    await fail(1);
    expect((await login(t)).headers['retry-after']).toBe('120');
    t.clock.advance(120_000);
    await fail(1);
    expect((await login(t)).headers['retry-after']).toBe('240');
  });

  it('locks one username tried from many IPs', async () => {
    for (let i = 0; i < 5; i++) await fail(1, { ip: `10.7.0.${i}` });
    expect((await login(t, { ip: '10.7.0.99' })).json().code).toBe(ErrorCode.rateLimited);
  });

  it('locks one IP trying many usernames, whatever username it tries next', async () => {
    for (let i = 0; i < 5; i++) await fail(1, { ip: '10.8.0.1', username: `guess${i}` });
    expect((await login(t, { ip: '10.8.0.1' })).json().code).toBe(ErrorCode.rateLimited);
    // Another IP with the real username is not affected by that IP's failures.
    expect((await login(t, { ip: '10.8.0.2' })).json().code).toBe(0);
  });

  it('forgets failures older than 15 minutes', async () => {
    await fail(4);
    t.clock.advance(15 * 60_000);
    await fail(1);
    expect((await login(t)).json().code).toBe(0);
  });

  it('a success clears the counter', async () => {
    await fail(4);
    expect((await login(t)).json().code).toBe(0);
    await fail(4);
    expect((await login(t)).json().code).toBe(0);
  });

  it('records refused attempts as limited, with the IP', async () => {
    await fail(5, { ip: '10.9.0.1' });
    await login(t, { ip: '10.9.0.1' });
    const last = await t.database.db
      .selectFrom('login_attempt')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ outcome: 'limited', ip: '10.9.0.1' });
  });
});
