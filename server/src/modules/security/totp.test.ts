import { ErrorCode } from '@candy/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, login } from '../auth/testing.ts';
import { as, freshKey, post, resetSecurity } from './testing.ts';

describe('TOTP second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
  });
  afterAll(() => t.close());

  let secret = '';
  let recoveryCodes: string[] = [];
  const codeNow = () => generate({ secret, epoch: Math.floor(t.clock.now / 1000) });
  /** The next time step: a code not used yet. */
  const nextStep = () => t.clock.advance(30_000);

  beforeEach(async () => {
    await resetSecurity(t);
    const key = await freshKey(t);
    const setup = (await post(t, '/user/security/totp/setup', {}, key)).json();
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.data.qr).toMatch(/^data:image\/png;base64,/);
    secret = setup.data.secret;
    const enabled = (await post(t, '/user/security/totp', { code: await codeNow() }, key)).json();
    expect(enabled.code).toBe(0);
    recoveryCodes = enabled.data.recoveryCodes;
    await t.database.db.deleteFrom('login_attempt').execute();
    nextStep();
  });

  const passwordStep = async (): Promise<string> => {
    const { code, data } = (await login(t)).json();
    expect(code).toBe(0);
    expect(data).toMatchObject({ secondFactor: 'totp' });
    expect(data).not.toHaveProperty('accessKey');
    return data.ticket;
  };
  const totpStep = (ticket: string, code: string) => post(t, '/user/login/totp', { ticket, code });

  it('answers ten recovery codes and turns the second factor on', async () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const key = await (async () => {
      const res = await totpStep(await passwordStep(), await codeNow());
      return res.json().data.accessKey as string;
    })();
    const page = (
      await t.server.inject({ method: 'GET', url: '/api/user/security', headers: as(key) })
    ).json();
    expect(page.data.totp).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(page.data.sessions.find((s: { current: boolean }) => s.current).method).toBe('password+totp');
  });

  it('asks a password login for the code, then logs in with it', async () => {
    const res = await totpStep(await passwordStep(), await codeNow());
    expect(res.json()).toMatchObject({ code: 0, data: { accessKey: expect.any(String) } });
  });

  it('accepts a code once: the same code again is refused even with a new ticket', async () => {
    const code = await codeNow();
    expect((await totpStep(await passwordStep(), code)).json().code).toBe(0);
    expect((await totpStep(await passwordStep(), code)).json().code).toBe(ErrorCode.unauthorized);
  });

  it('uses a ticket once', async () => {
    const ticket = await passwordStep();
    expect((await totpStep(ticket, await codeNow())).json().code).toBe(0);
    nextStep();
    expect((await totpStep(ticket, await codeNow())).json().code).toBe(ErrorCode.unauthorized);
  });

  it('refuses an expired ticket', async () => {
    const ticket = await passwordStep();
    t.clock.advance(5 * 60_000 + 1);
    expect((await totpStep(ticket, await codeNow())).json().code).toBe(ErrorCode.unauthorized);
  });

  it('accepts a recovery code once', async () => {
    const [recovery = ''] = recoveryCodes;
    expect((await totpStep(await passwordStep(), recovery)).json().code).toBe(0);
    expect((await totpStep(await passwordStep(), recovery)).json().code).toBe(ErrorCode.unauthorized);
  });

  it('counts wrong codes toward the password limiter: the sixth try is refused with 4290', async () => {
    const ticket = await passwordStep();
    for (let i = 0; i < 5; i++) {
      expect((await totpStep(ticket, '000000')).json().code).toBe(ErrorCode.unauthorized);
    }
    const locked = await totpStep(ticket, await codeNow());
    expect(locked.statusCode).toBe(429);
    // The same counter: the password step is locked too.
    expect((await login(t)).json().code).toBe(ErrorCode.rateLimited);
  });

  it('turns off only with a current code', async () => {
    // A fresh session opened directly: the password login now stops at the second factor.
    const { accessKey: key } = await t.modules.auth.auth.openSession({
      ip: '127.0.0.1',
      userAgent: 'vitest',
    });
    const wrong = await post(t, '/user/security/totp/disable', { code: '000000' }, key);
    expect(wrong.json().code).toBe(ErrorCode.forbidden);
    const right = await post(t, '/user/security/totp/disable', { code: await codeNow() }, key);
    expect(right.json()).toEqual({ code: 0, data: null });
    expect((await login(t)).json().data).toHaveProperty('accessKey');
  });

  it('refuses a code that is neither six digits nor a recovery code with 4000', async () => {
    const res = await totpStep(await passwordStep(), '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('code');
  });
});
