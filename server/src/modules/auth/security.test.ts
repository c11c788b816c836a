import { ErrorCode } from '@candy/contract';
import { FRESH_LOGIN_MS } from '@candy/contract/call';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, knock, login, loginKey, OWNER, seal } from './testing.ts';

describe('the security page and session management', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('login_attempt').execute();
    await t.database.db.deleteFrom('access_key').execute();
  });

  const as = (key: string) => ({ 'x-fingerprint': key });
  const security = (key: string) =>
    t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(key) });

  it('lists live sessions with created, last used, IP and user agent, marking the current one', async () => {
    const phone = await loginKey(t, { ip: '10.0.0.2', userAgent: 'Phone' });
    t.clock.advance(1000);
    const laptop = await loginKey(t, { ip: '10.0.0.3', userAgent: 'Laptop' });
    const { code, data } = (await security(laptop)).json();
    expect(code).toBe(0);
    expect(data.username).toBe(OWNER.username);
    expect(data.sessions).toEqual([
      expect.objectContaining({ ip: '10.0.0.3', userAgent: 'Laptop', current: true, createdAt: t.clock.now }),
      expect.objectContaining({
        ip: '10.0.0.2',
        userAgent: 'Phone',
        current: false,
        createdAt: t.clock.now - 1000,
      }),
    ]);
    expect(data.sessions[0]).toHaveProperty('lastUsedAt');
    expect(JSON.stringify(data)).not.toContain(phone);
  });

  it('leaves expired and revoked sessions out', async () => {
    const first = await loginKey(t);
    const second = await loginKey(t);
    await t.server.inject({ method: 'POST', url: '/api/user/logout', headers: as(second) });
    const { data } = (await security(first)).json();
    expect(data.sessions).toHaveLength(1);
  });

  it('shows the last 50 login attempts, newest first, with their outcome', async () => {
    for (let i = 0; i < 3; i++) await login(t, { password: 'wrong', ip: `10.0.1.${i}` });
    const key = await loginKey(t);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      username: 'someone',
      ip: '10.0.2.1',
      user_agent: 'x',
      outcome: 'failure',
      created_at: i,
    }));
    await t.database.db.insertInto('login_attempt').values(rows).execute();
    const { data } = (await security(key)).json();
    expect(data.attempts).toHaveLength(50);
    await t.database.db.deleteFrom('login_attempt').where('username', '=', 'someone').execute();
    const recent = (await security(key)).json().data.attempts;
    expect(recent.map((a: { outcome: string; ip: string }) => [a.outcome, a.ip])).toEqual([
      ['success', '127.0.0.1'],
      ['failure', '10.0.1.2'],
      ['failure', '10.0.1.1'],
      ['failure', '10.0.1.0'],
    ]);
  });

  it('revokes another session by id: its key stops working', async () => {
    const other = await loginKey(t);
    const mine = await loginKey(t);
    const otherId = (await security(mine))
      .json()
      .data.sessions.find((s: { current: boolean }) => !s.current).id;
    const res = await t.server.inject({
      method: 'DELETE',
      url: `/api/user/security/session/${otherId}`,
      headers: as(mine),
    });
    expect(res.json()).toEqual({ code: 0, data: null });
    expect((await security(other)).json().code).toBe(ErrorCode.unauthorized);
    expect((await security(mine)).json().code).toBe(0);
  });

  it('answers 4040 for a session that is not live', async () => {
    const mine = await loginKey(t);
    const res = await t.server.inject({
      method: 'DELETE',
      url: '/api/user/security/session/99999',
      headers: as(mine),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.notFound);
  });

  it('refuses a non-numeric session id with 4000', async () => {
    const mine = await loginKey(t);
    const res = await t.server.inject({
      method: 'DELETE',
      url: '/api/user/security/session/abc',
      headers: as(mine),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('id');
  });

  it('logs out: the current key stops working', async () => {
    const key = await loginKey(t);
    const res = await t.server.inject({ method: 'POST', url: '/api/user/logout', headers: as(key) });
    expect(res.json()).toEqual({ code: 0, data: null });
    expect((await security(key)).json().code).toBe(ErrorCode.unauthorized);
  });

  describe('changing the password', () => {
    const change = async (key: string, current: string, next: string, uuid = 'device-change') => {
      const publicKey = await knock(t, uuid);
      return t.server.inject({
        method: 'PUT',
        url: '/api/user/security/password',
        headers: { ...as(key), 'x-uuid': uuid },
        payload: { password: seal(publicKey, current), newPassword: seal(publicKey, next) },
      });
    };
    const restore = async () => {
      const key = await loginKey(t, { password: 'a brand new secret' });
      expect((await change(key, 'a brand new secret', OWNER.password)).json().code).toBe(0);
    };

    it('sets the new password and revokes every other session', async () => {
      const other = await loginKey(t);
      const mine = await loginKey(t);
      const res = await change(mine, OWNER.password, 'a brand new secret');
      expect(res.json()).toEqual({ code: 0, data: { revokedSessions: 1 } });
      expect((await security(other)).json().code).toBe(ErrorCode.unauthorized);
      expect((await security(mine)).json().code).toBe(0);
      expect((await login(t)).json().code).toBe(ErrorCode.unauthorized);
      expect((await login(t, { password: 'a brand new secret' })).json().code).toBe(0);
      await restore();
    });

    it('refuses a wrong current password with 4030 and records the failure', async () => {
      const mine = await loginKey(t);
      const res = await change(mine, 'not my password', 'a brand new secret');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.forbidden);
      expect((await login(t)).json().code).toBe(0);
      const failures = await t.database.db
        .selectFrom('login_attempt')
        .where('outcome', '=', 'failure')
        .selectAll()
        .execute();
      expect(failures).toHaveLength(1);
    });

    it('refuses a new password shorter than 8 characters with 4000 on newPassword', async () => {
      const mine = await loginKey(t);
      const res = await change(mine, OWNER.password, 'short');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('newPassword');
    });

    it('needs a live handshake (4032)', async () => {
      const mine = await loginKey(t);
      const publicKey = await knock(t, 'device-x');
      const res = await t.server.inject({
        method: 'PUT',
        url: '/api/user/security/password',
        headers: { ...as(mine), 'x-uuid': 'device-without-handshake' },
        payload: { password: seal(publicKey, OWNER.password), newPassword: seal(publicKey, 'whatever123') },
      });
      expect(res.json().code).toBe(ErrorCode.handshakeExpired);
    });
  });

  describe('the security settings guard (DESIGN §11)', () => {
    const createWebhook = (key: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/webhook/endpoint',
        headers: as(key),
        payload: { name: 'Zapier', url: 'https://93.184.216.34/candy', events: ['essay.published'] },
      });

    it('lets a session that logged in within ten minutes change a security setting', async () => {
      const key = await loginKey(t);
      t.clock.advance(FRESH_LOGIN_MS);
      const res = await createWebhook(key);
      expect(res.json()).toMatchObject({ code: 0 });
    });

    it('refuses an older login with 4037 while still letting it read the setting', async () => {
      // The endpoint the test above made is the only one: the refused write adds none.
      const key = await loginKey(t);
      t.clock.advance(FRESH_LOGIN_MS + 1);
      const refused = await createWebhook(key);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.freshLoginRequired);
      const list = await t.server.inject({ method: 'GET', url: '/api/webhook/endpoint', headers: as(key) });
      expect(list.json().code).toBe(0);
      expect(list.json().data).toHaveLength(1);
    });
  });
});
