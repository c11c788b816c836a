import { ErrorCode } from '@candy/contract';
import { FRESH_LOGIN_MS } from '@candy/contract/call';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplica, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createSoftAuthenticator } from '../../../test/softAuthenticator.ts';
import { createOwner, knock, loginKey, OWNER, seal } from '../auth/testing.ts';
import { as, freshKey, ORIGIN, post, resetSecurity } from './testing.ts';

describe('fresh-login confirmation and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
  });
  afterAll(() => t.close());
  beforeEach(() => resetSecurity(t));

  const setupTotp = (key: string) => post(t, '/user/security/totp/setup', {}, key);
  const confirmWithPassword = async (
    key: string,
    password: string = OWNER.password,
    uuid = 'device-security',
  ) =>
    t.server.inject({
      method: 'POST',
      url: '/api/user/security/confirm',
      headers: { ...as(key), 'x-uuid': uuid },
      payload: { password: seal(await knock(t, uuid), password) },
    });

  it('refuses a security setting after ten minutes with 4037, then allows it once confirmed', async () => {
    const key = await freshKey(t);
    t.clock.advance(FRESH_LOGIN_MS + 1);
    expect((await setupTotp(key)).json().code).toBe(ErrorCode.freshLoginRequired);
    const confirmed = await confirmWithPassword(key);
    expect(confirmed.json()).toEqual({ code: 0, data: { freshUntil: t.clock.now + FRESH_LOGIN_MS } });
    expect((await setupTotp(key)).json().code).toBe(0);
  });

  it('refuses a wrong password with 4030 and stays stale', async () => {
    const key = await freshKey(t);
    t.clock.advance(FRESH_LOGIN_MS + 1);
    expect((await confirmWithPassword(key, 'not the password')).json().code).toBe(ErrorCode.forbidden);
    expect((await setupTotp(key)).json().code).toBe(ErrorCode.freshLoginRequired);
  });

  it('confirms with a passkey', async () => {
    const key = await freshKey(t);
    const authenticator = createSoftAuthenticator(ORIGIN);
    const options = (await post(t, '/user/security/passkey/options', {}, key)).json().data.options;
    await post(
      t,
      '/user/security/passkey',
      { name: '手机', credential: authenticator.register(options.challenge) },
      key,
    );
    t.clock.advance(FRESH_LOGIN_MS + 1);
    const challenge = (await post(t, '/user/passkey/challenge', {})).json().data.options.challenge;
    const res = await post(t, '/user/security/confirm', { credential: authenticator.assert(challenge) }, key);
    expect(res.json().code).toBe(0);
    expect((await setupTotp(key)).json().code).toBe(0);
  });

  it('ends every other session, keeping this one', async () => {
    const other = await loginKey(t, { uuid: 'device-other' });
    const key = await freshKey(t);
    const res = await post(t, '/user/security/sessions/revoke-others', {}, key);
    expect(res.json()).toEqual({ code: 0, data: { revokedSessions: 1 } });
    const page = (k: string) => t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(k) });
    expect((await page(other)).json().code).toBe(ErrorCode.unauthorized);
    expect((await page(key)).json().code).toBe(0);
  });

  it('an ended session is refused at once by another replica on the same database', async () => {
    const replica = await createReplica(t);
    try {
      const doomed = await loginKey(t, { uuid: 'device-doomed' });
      const key = await freshKey(t);
      const onReplica = () =>
        replica.server.inject({ method: 'GET', url: '/api/user/security', headers: as(doomed) });
      expect((await onReplica()).json().code).toBe(0);
      const list = (
        await t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(key) })
      ).json();
      const id = list.data.sessions.find((s: { current: boolean }) => !s.current).id as number;
      await t.server.inject({ method: 'DELETE', url: `/api/user/security/session/${id}`, headers: as(key) });
      expect((await onReplica()).json().code).toBe(ErrorCode.unauthorized);
    } finally {
      await replica.close();
    }
  });

  it('lists sessions with how they logged in, browser, system and device', async () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const key = await loginKey(t, { uuid: 'device-phone', userAgent: iphone });
    const { data } = (
      await t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(key) })
    ).json();
    expect(data.sessions[0]).toMatchObject({
      method: 'password',
      browser: 'Safari',
      os: 'iOS',
      device: 'mobile',
    });
    expect(data.totp).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(data.passkeys).toEqual([]);
  });
});
