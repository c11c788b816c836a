import { createHash, generateKeyPairSync } from 'node:crypto';
import { ErrorCode, Limits } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, knock, login, OWNER, seal } from './testing.ts';

describe('POST /user/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ACCESS_KEY_TTL: '3600000' } });
    await createOwner(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each case starts with clean counters so the brute-force limiter never interferes.
    await t.database.db.deleteFrom('login_attempt').execute();
    await t.database.db.deleteFrom('access_key').execute();
  });

  it('answers an access key and its expiry for the right password', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data.accessKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.accessExp).toBe(t.clock.now + 3_600_000);
  });

  it('stores only the sha256 of the key, with created, last used, IP and user agent', async () => {
    const { accessKey } = (await login(t, { ip: '10.1.2.3', userAgent: 'Firefox/1' })).json().data;
    const rows = await t.database.db.selectFrom('access_key').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      key_hash: createHash('sha256').update(accessKey).digest('hex'),
      created_at: t.clock.now,
      last_used_at: t.clock.now,
      ip: '10.1.2.3',
      user_agent: 'Firefox/1',
      revoked_at: null,
    });
    expect(JSON.stringify(rows)).not.toContain(accessKey);
  });

  it('the key opens owner calls', async () => {
    const { accessKey } = (await login(t)).json().data;
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/user/security',
      headers: { 'x-fingerprint': accessKey },
    });
    expect(res.json().code).toBe(0);
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const wrongPassword = await login(t, { password: 'not the password' });
    const unknownUser = await login(t, { username: 'mallory' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      code: ErrorCode.unauthorized,
      data: null,
      errorMsg: '用户名或密码错误',
    });
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.json()).toEqual(wrongPassword.json());
  });

  it('is case sensitive about the username', async () => {
    expect((await login(t, { username: OWNER.username.toUpperCase() })).json().code).toBe(
      ErrorCode.unauthorized,
    );
  });

  it('records failures with IP and user agent, never the password', async () => {
    await login(t, { password: 'hunter2-secret', ip: '10.9.9.9', userAgent: 'curl/8' });
    const rows = await t.database.db.selectFrom('login_attempt').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        username: OWNER.username,
        ip: '10.9.9.9',
        user_agent: 'curl/8',
        outcome: 'failure',
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('hunter2');
  });

  it('answers 4032 when the device has no handshake', async () => {
    const publicKey = await knock(t, 'device-a');
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-uuid': 'device-never-knocked' },
      payload: { username: OWNER.username, password: seal(publicKey, OWNER.password) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(ErrorCode.handshakeExpired);
  });

  it('answers 4032 when the handshake has expired', async () => {
    const publicKey = await knock(t, 'device-b');
    t.clock.advance(Limits.handshakeTtlMs + 1);
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-uuid': 'device-b' },
      payload: { username: OWNER.username, password: seal(publicKey, OWNER.password) },
    });
    expect(res.json().code).toBe(ErrorCode.handshakeExpired);
  });

  it('refuses a password sealed under a key this server never handed out with 4000 on password', async () => {
    // Devices share the server's rotated key pair (issue 16); a foreign key is what cannot open.
    const otherKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey.toString('base64');
    await knock(t, 'device-c');
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-uuid': 'device-c' },
      payload: { username: OWNER.username, password: seal(otherKey, OWNER.password) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('password');
  });

  it.each([
    ['a missing username', { password: 'AAAA' }, 'username'],
    ['an empty username', { username: '', password: 'AAAA' }, 'username'],
    ['a plain-text password', { username: 'x', password: 'not base64!' }, 'password'],
    ['an unknown field', { username: 'x', password: 'AAAA', remember: true }, 'body'],
  ])('refuses %s with 4000', async (_, payload, property) => {
    const res = await t.server.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(property);
  });

  it('refuses a body over its 8 KB limit with 4130', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'x', password: 'A'.repeat(10_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ErrorCode.payloadTooLarge);
  });
});
