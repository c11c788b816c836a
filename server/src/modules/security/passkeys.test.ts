import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createSoftAuthenticator } from '../../../test/softAuthenticator.ts';
import { createOwner } from '../auth/testing.ts';
import { as, freshKey, ORIGIN, post, resetSecurity } from './testing.ts';

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
  });
  afterAll(() => t.close());
  beforeEach(() => resetSecurity(t));

  const register = async (key: string, authenticator = createSoftAuthenticator(ORIGIN), name = '笔记本') => {
    const options = (await post(t, '/user/security/passkey/options', {}, key)).json().data.options;
    const res = await post(
      t,
      '/user/security/passkey',
      { name, credential: authenticator.register(options.challenge) },
      key,
    );
    return { authenticator, res };
  };
  const challenge = async (): Promise<string> =>
    (await post(t, '/user/passkey/challenge', {})).json().data.options.challenge;
  const security = async (key: string) =>
    (await t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(key) })).json().data;

  it('registers a named passkey and lists it on the security page', async () => {
    const key = await freshKey(t);
    const { res } = await register(key);
    expect(res.json()).toMatchObject({ code: 0, data: { name: '笔记本', lastUsedAt: null } });
    expect((await security(key)).passkeys).toEqual([expect.objectContaining({ name: '笔记本' })]);
  });

  it('logs in with the passkey alone, as a passkey session', async () => {
    const { authenticator } = await register(await freshKey(t));
    const res = await post(t, '/user/passkey/login', { credential: authenticator.assert(await challenge()) });
    const { code, data } = res.json();
    expect(code).toBe(0);
    const sessions = (await security(data.accessKey)).sessions;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ method: 'passkey' });
  });

  it('refuses a replayed assertion: its challenge was used up', async () => {
    const { authenticator } = await register(await freshKey(t));
    const assertion = authenticator.assert(await challenge());
    expect((await post(t, '/user/passkey/login', { credential: assertion })).json().code).toBe(0);
    const replay = await post(t, '/user/passkey/login', { credential: assertion });
    expect(replay.json().code).toBe(ErrorCode.unauthorized);
  });

  it('refuses a second assertion on a challenge already used, even with a new signature', async () => {
    const { authenticator } = await register(await freshKey(t));
    const once = await challenge();
    expect(
      (await post(t, '/user/passkey/login', { credential: authenticator.assert(once) })).json().code,
    ).toBe(0);
    const again = await post(t, '/user/passkey/login', { credential: authenticator.assert(once) });
    expect(again.json().code).toBe(ErrorCode.unauthorized);
  });

  it('refuses an assertion whose counter did not move forward (a cloned authenticator)', async () => {
    const { authenticator } = await register(await freshKey(t));
    authenticator.state.counter = 10;
    expect(
      (await post(t, '/user/passkey/login', { credential: authenticator.assert(await challenge()) })).json()
        .code,
    ).toBe(0);
    authenticator.state.counter = 5;
    const clone = await post(t, '/user/passkey/login', {
      credential: authenticator.assert(await challenge()),
    });
    expect(clone.json().code).toBe(ErrorCode.unauthorized);
  });

  it('refuses a passkey it does not know', async () => {
    await register(await freshKey(t));
    const stranger = createSoftAuthenticator(ORIGIN);
    const res = await post(t, '/user/passkey/login', { credential: stranger.assert(await challenge()) });
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('refuses a page outside SITE_DOMAINS with 4030', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/passkey/challenge',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(res.json().code).toBe(ErrorCode.forbidden);
  });

  it('refuses a malformed credential with 4000 naming the field', async () => {
    const res = await post(t, '/user/passkey/login', { credential: { id: 'x', type: 'public-key' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(JSON.stringify(res.json().errors)).toContain('credential.rawId');
  });

  it('deletes a passkey: it no longer logs in', async () => {
    const key = await freshKey(t);
    const { authenticator, res } = await register(key);
    const id = res.json().data.id as number;
    const deleted = await t.server.inject({
      method: 'DELETE',
      url: `/api/user/security/passkey/${id}`,
      headers: as(key),
    });
    expect(deleted.json()).toEqual({ code: 0, data: null });
    const login = await post(t, '/user/passkey/login', {
      credential: authenticator.assert(await challenge()),
    });
    expect(login.json().code).toBe(ErrorCode.unauthorized);
  });
});
