import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { ErrorCode, Limits } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, OWNER, seal } from '../auth/testing.ts';
import { knockRateRules } from './service.ts';

describe('system module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const knock = (uuid?: string) =>
    t.server.inject({ method: 'POST', url: '/api/user/knock', headers: uuid ? { 'x-uuid': uuid } : {} });

  it('knock answers an importable RSA-OAEP SPKI key and the dokkiri flag', async () => {
    const res = await knock('device-1');
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data.dokkiri).toBe(false);
    const key = createPublicKey({ key: Buffer.from(data.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The key is usable for RSA-OAEP/SHA-256, the scheme login relies on.
    const sealed = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('hi'),
    );
    expect(sealed.length).toBe(256);
  });

  it('binds the key pair to X-Uuid and stores it for 25 minutes', async () => {
    await knock('device-2');
    const row = await t.database.db
      .selectFrom('handshake')
      .selectAll()
      .where('uuid', '=', 'device-2')
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(Limits.handshakeTtlMs);
  });

  it('purges expired handshakes on the next knock', async () => {
    await knock('device-old');
    t.clock.advance(Limits.handshakeTtlMs + 1);
    await knock('device-new');
    const uuids = (await t.database.db.selectFrom('handshake').select('uuid').execute()).map((r) => r.uuid);
    expect(uuids).toEqual(['device-new']);
  });

  it('hands every device the same (rotated) key, without generating one per knock', async () => {
    const first = (await knock('shared-1')).json().data.publicKey;
    const second = (await knock('shared-2')).json().data.publicKey;
    expect(second).toBe(first);
  });

  it('throttles a knock flood from one IP with 4290, leaving other IPs alone', async () => {
    const flood = (i: number, ip: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/user/knock',
        remoteAddress: ip,
        headers: { 'x-uuid': `flood-${ip}-${i}` },
      });
    const limit = knockRateRules[0]?.limit ?? 0;
    const codes: number[] = [];
    for (let i = 0; i < limit + 5; i++) codes.push((await flood(i, '10.9.9.9')).json().code);
    expect(codes.slice(0, limit).every((code) => code === 0)).toBe(true);
    expect(codes.slice(limit)).toEqual(Array(5).fill(ErrorCode.rateLimited));
    const refused = await flood(999, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await flood(0, '10.9.9.10')).json().code).toBe(0);
    // The window slides: a minute later the IP may knock again.
    t.clock.advance(60_001);
    expect((await flood(1000, '10.9.9.9')).json().code).toBe(0);
  });

  it('opens a sealed login once: the same ciphertext replayed (any device) gets 4032', async () => {
    await createOwner(t);
    const publicKey = (await knock('victim')).json().data.publicKey;
    await knock('attacker');
    const sealed = seal(publicKey, OWNER.password);
    const send = (uuid: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.1.2.3',
        headers: { 'x-uuid': uuid },
        payload: { username: OWNER.username, password: sealed },
      });
    expect((await send('victim')).json().code).toBe(0);
    expect((await send('victim')).json().code).toBe(ErrorCode.handshakeExpired);
    expect((await send('attacker')).json().code).toBe(ErrorCode.handshakeExpired);
    // A fresh seal (what the client does after 4032) still logs in.
    const again = await t.server.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.1.2.3',
      headers: { 'x-uuid': 'victim' },
      payload: { username: OWNER.username, password: seal(publicKey, OWNER.password) },
    });
    expect(again.json().code).toBe(0);
  });

  it('refuses a knock without X-Uuid with 4000', async () => {
    const res = await knock();
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('X-Uuid');
  });

  it('reports dokkiri when the owner switched it on', async () => {
    await t.database.db
      .insertInto('meta_string')
      .values({ group_name: 'system', key: 'dokkiri', value: 'true', created_at: 0, updated_at: 0 })
      .execute();
    expect((await knock('device-3')).json().data.dokkiri).toBe(true);
    await t.database.db.deleteFrom('meta_string').where('key', '=', 'dokkiri').execute();
  });

  it('answers the server build version', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/system/version' });
    expect(res.json()).toEqual({ code: 0, data: process.env.CANDY_BUILD_VERSION ?? 'dev' });
  });

  it.each([
    ['GET', '/api/system'],
    ['POST', '/api/system/debug'],
  ] as const)('%s %s refuses callers without an owner key (4010)', async (method, url) => {
    for (const headers of [{}, { 'x-fingerprint': 'garbage' }]) {
      const res = await t.server.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.unauthorized);
    }
  });
});
