import { ErrorCode } from '@candy/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createSoftAuthenticator } from '../../../test/softAuthenticator.ts';
import { freshKey, ORIGIN, post, resetSecurity } from '../security/testing.ts';
import { PROOF_AFTER_SITE_ATTEMPTS } from './limiter.ts';
import { createOwner, easyProofs, login, loginProof } from './testing.ts';

/**
 * Issue 40.4, "an owner nobody can lock out": five wrong passwords from any address used to refuse
 * the owner's right password (4290) everywhere for 1–15 minutes. Now the failing address alone is
 * limited; elsewhere a password login needs a proof of work, and a passkey is never held back.
 */
describe('an owner nobody can lock out', () => {
  let t: TestApp;
  let authenticator: ReturnType<typeof createSoftAuthenticator>;
  const ATTACKER = '10.66.0.1';
  const HOME = '10.20.0.5';

  beforeAll(async () => {
    t = await createTestApp();
    await createOwner(t);
    await easyProofs(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // A fresh minute for the knock limit (120 a minute per address): the attacker knocks 50 times.
    t.clock.advance(61_000);
    await resetSecurity(t);
    authenticator = createSoftAuthenticator(ORIGIN);
    const key = await freshKey(t);
    const options = (await post(t, '/user/security/passkey/options', {}, key)).json().data.options;
    const made = await post(
      t,
      '/user/security/passkey',
      { name: '手机', credential: authenticator.register(options.challenge) },
      key,
    );
    expect(made.json().code).toBe(0);
    await t.database.db.deleteFrom('login_attempt').execute();
  });

  /** `times` wrong passwords from `ip`, each with a solved proof of work: the strongest guesser. */
  const attack = async (times: number, ip = ATTACKER) => {
    const codes: number[] = [];
    for (let i = 0; i < times; i++) {
      const res = await login(t, {
        password: `guess ${i}`,
        ip,
        uuid: `attacker-${i}`,
        proof: await loginProof(t, ip),
      });
      codes.push(res.json().code);
    }
    return codes;
  };

  const passkeyLogin = async (ip: string) => {
    const challenge = await t.server.inject({
      method: 'POST',
      url: '/api/user/passkey/challenge',
      remoteAddress: ip,
      headers: { origin: ORIGIN },
      payload: {},
    });
    return t.server.inject({
      method: 'POST',
      url: '/api/user/passkey/login',
      remoteAddress: ip,
      headers: { origin: ORIGIN },
      payload: { credential: authenticator.assert(challenge.json().data.options.challenge) },
    });
  };

  it('another address fails 50 times: it is limited, and only it', async () => {
    const codes = await attack(50);
    // Five guesses checked, then its lock (which only grows while it keeps trying).
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(ErrorCode.unauthorized));
    expect(codes.slice(5)).toEqual(Array(45).fill(ErrorCode.rateLimited));
    // The failing address stays limited, even with the right password and a proof.
    const own = await login(t, { ip: ATTACKER, proof: await loginProof(t, ATTACKER) });
    expect(own.statusCode).toBe(429);
    expect(own.json().code).toBe(ErrorCode.rateLimited);
  });

  it('another address fails 50 times: the owner logs in with a passkey', async () => {
    await attack(50);
    const res = await passkeyLogin(HOME);
    expect(res.json()).toMatchObject({ code: 0, data: { accessKey: expect.any(String) } });
  });

  it('a passkey is not held back by password failures even on the failing address itself (a shared NAT)', async () => {
    await attack(50);
    expect((await passkeyLogin(ATTACKER)).json().code).toBe(0);
  });

  it('another address fails 50 times: the right password without a proof answers 4038, not 4290', async () => {
    await attack(50);
    const res = await login(t, { ip: HOME });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: ErrorCode.loginProofRequired,
      data: null,
      errorMsg: '登录失败次数较多，请先完成人机验证',
    });
  });

  it('another address fails 50 times: the right password with a proof of work logs in', async () => {
    await attack(50);
    const res = await login(t, { ip: HOME, proof: await loginProof(t, HOME) });
    expect(res.json()).toMatchObject({ code: 0, data: { accessKey: expect.any(String) } });
  });

  it('refuses a replayed proof (4036), a forged one (4034), and leaves the password unchecked', async () => {
    await attack(PROOF_AFTER_SITE_ATTEMPTS);
    const proof = await loginProof(t, HOME);
    expect((await login(t, { ip: HOME, proof })).json().code).toBe(0);
    const replay = await login(t, { ip: HOME, proof });
    expect(replay.json().code).toBe(ErrorCode.proofReused);
    const forged = await login(t, { ip: HOME, proof: Buffer.from('{"challenge":{}}').toString('base64') });
    expect(forged.json().code).toBe(ErrorCode.proofInvalid);
    const refused = await t.database.db
      .selectFrom('login_attempt')
      .select('outcome')
      .where('ip', '=', HOME)
      .orderBy('id')
      .execute();
    expect(refused.map((r) => r.outcome)).toEqual(['success', 'proof-required', 'proof-required']);
  });

  it('asks an address for a proof from its third failure; two typos cost nothing', async () => {
    await attack(2, HOME);
    expect((await login(t, { ip: HOME })).json().code).toBe(0);
    t.clock.advance(1000);
    await attack(3, HOME);
    expect((await login(t, { ip: HOME })).json().code).toBe(ErrorCode.loginProofRequired);
    expect((await login(t, { ip: HOME, proof: await loginProof(t, HOME) })).json().code).toBe(0);
    // Elsewhere (three failures in all, below the site-wide mark) nothing is asked.
    expect((await login(t, { ip: '10.20.0.6' })).json().code).toBe(0);
  });

  it('asks everyone for a proof once many addresses have failed, and stops after the window', async () => {
    for (let i = 0; i < PROOF_AFTER_SITE_ATTEMPTS; i++) await attack(1, `10.67.0.${i}`);
    expect((await login(t, { ip: HOME })).json().code).toBe(ErrorCode.loginProofRequired);
    t.clock.advance(15 * 60_000);
    expect((await login(t, { ip: HOME })).json().code).toBe(0);
  });

  it('wrong passkeys from an address limit its passkey logins, not its password', async () => {
    const stranger = createSoftAuthenticator(ORIGIN);
    const wrongPasskey = async () => {
      const challenge = await post(t, '/user/passkey/challenge', {});
      return t.server.inject({
        method: 'POST',
        url: '/api/user/passkey/login',
        remoteAddress: HOME,
        headers: { origin: ORIGIN },
        payload: { credential: stranger.assert(challenge.json().data.options.challenge) },
      });
    };
    for (let i = 0; i < 5; i++) expect((await wrongPasskey()).json().code).toBe(ErrorCode.unauthorized);
    expect((await passkeyLogin(HOME)).json().code).toBe(ErrorCode.rateLimited);
    expect((await login(t, { ip: HOME })).json().code).toBe(0);
  });

  it('locks the TOTP step for everyone after five wrong codes: only a holder of the password can try them', async () => {
    const key = await freshKey(t);
    const setup = (await post(t, '/user/security/totp/setup', {}, key)).json().data;
    const code = () => generate({ secret: setup.secret, epoch: Math.floor(t.clock.now / 1000) });
    expect((await post(t, '/user/security/totp', { code: await code() }, key)).json().code).toBe(0);
    await t.database.db.deleteFrom('login_attempt').execute();
    t.clock.advance(30_000);
    const ticketFrom = async (ip: string) =>
      (await login(t, { ip, proof: await loginProof(t, ip) })).json().data.ticket;
    const totp = (ticket: string, value: string, ip: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/user/login/totp',
        remoteAddress: ip,
        headers: { origin: ORIGIN },
        payload: { ticket, code: value },
      });
    for (let i = 0; i < 5; i++) {
      const ip = `10.68.0.${i}`;
      expect((await totp(await ticketFrom(ip), '000000', ip)).json().code).toBe(ErrorCode.unauthorized);
    }
    expect((await totp(await ticketFrom(HOME), await code(), HOME)).json().code).toBe(ErrorCode.rateLimited);
    // The passkey still gets the owner in.
    expect((await passkeyLogin(HOME)).json().code).toBe(0);
  });

  describe('the failures on the sessions page (GET /user/security/failures)', () => {
    const failures = (key?: string) =>
      t.server.inject({
        method: 'GET',
        url: '/api/user/security/failures',
        headers: key ? { 'x-fingerprint': key } : {},
      });

    it('is empty when nothing failed', async () => {
      const key = await freshKey(t);
      expect((await failures(key)).json()).toEqual({
        code: 0,
        data: { windowMs: 7 * 86_400_000, proofForAll: false, list: [] },
      });
    });

    it('lists the failing address by method with its counts, newest first', async () => {
      await attack(50);
      t.clock.advance(1000);
      await attack(1, HOME);
      t.clock.advance(1000);
      const key = (await passkeyLogin(HOME)).json().data.accessKey as string;
      const { data } = (await failures(key)).json();
      expect(data.proofForAll).toBe(true);
      expect(data.list).toEqual([
        {
          ip: HOME,
          method: 'password',
          failures: 1,
          refused: 0,
          firstAt: t.clock.now - 1000,
          lastAt: t.clock.now - 1000,
        },
        {
          ip: ATTACKER,
          method: 'password',
          failures: 5,
          refused: 45,
          firstAt: expect.any(Number),
          lastAt: t.clock.now - 2000,
        },
      ]);
    });

    it('is the owner’s only', async () => {
      const res = await failures();
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.unauthorized);
    });
  });
});
