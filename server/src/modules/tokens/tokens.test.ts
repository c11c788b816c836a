import { createHash } from 'node:crypto';
import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ownerKey } from '../auth/testing.ts';
import { bearer, createToken } from './testing.ts';

const DAY = 86_400_000;

describe('API tokens', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    key = await ownerKey(t);
  });
  afterAll(() => t.close());

  /** A session key opened now, so `fresh` calls pass whatever the clock did before. */
  const freshKey = async () =>
    (await t.modules.auth.auth.openSession({ ip: '127.0.0.1', userAgent: 'vitest' })).accessKey;

  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await t.server.inject({ method, url: `/api${url}`, headers, payload });
    return { status: res.statusCode, ...res.json() };
  };
  const readAll = (secret: string) => send('GET', '/system', bearer(secret));
  const writeEssay = (secret: string) => send('POST', '/blog/essay', bearer(secret), { content: '令牌写的' });
  const clearTodos = (secret: string) => send('DELETE', '/todolist/realtodo', bearer(secret));

  it('shows the secret once: the answer has it, the list and the database only its digest and prefix', async () => {
    const created = await createToken(t, key, { name: '备份脚本', scope: 'read', expiresInDays: null });
    expect(created.secret).toMatch(/^cj_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: '备份脚本', scope: 'read', modules: [], expiresAt: null });
    expect(created.prefix).toBe(created.secret.slice(0, 9));
    const list = await send('GET', '/user/token', { 'x-fingerprint': key });
    expect(list.data[0]).toEqual({ ...created, secret: undefined, lastUsedAt: null });
    expect(JSON.stringify(list.data)).not.toContain(created.secret);
    const row = await t.database.db
      .selectFrom('api_token')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row.token_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
  });

  it('acts for the owner on an owner route when sent as a Bearer token', async () => {
    const { secret } = await createToken(t, key, { name: '读', scope: 'read', expiresInDays: null });
    expect((await readAll(secret)).code).toBe(0);
    expect((await send('GET', '/system', { authorization: `bearer  ${secret} ` })).code).toBe(0);
    // Not the access-key header, and not another scheme.
    expect((await send('GET', '/system', { 'x-fingerprint': secret })).code).toBe(ErrorCode.unauthorized);
    expect((await send('GET', '/system', { authorization: `Basic ${secret}` })).code).toBe(
      ErrorCode.unauthorized,
    );
    expect((await readAll('cj_nope')).status).toBe(401);
  });

  it('records "last used" at most once a minute', async () => {
    const created = await createToken(t, key, { name: '计时', scope: 'read', expiresInDays: null });
    const lastUsed = async () =>
      (await send('GET', '/user/token', { 'x-fingerprint': key })).data.find(
        (token: { id: number }) => token.id === created.id,
      ).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await readAll(created.secret);
    const first = t.clock.now;
    expect(await lastUsed()).toBe(first);
    t.clock.advance(59_999);
    await readAll(created.secret);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1);
    await readAll(created.secret);
    expect(await lastUsed()).toBe(t.clock.now);
  });

  it('a revoked token answers 4010 at once, and the list says when it was revoked', async () => {
    const created = await createToken(t, key, { name: '将撤销', scope: 'write', expiresInDays: 30 });
    expect((await readAll(created.secret)).code).toBe(0);
    const revoked = await send('DELETE', `/user/token/${created.id}`, { 'x-fingerprint': await freshKey() });
    expect(revoked.data).toMatchObject({ id: created.id, revokedAt: t.clock.now });
    expect(await readAll(created.secret)).toMatchObject({ status: 401, code: ErrorCode.unauthorized });
    expect((await writeEssay(created.secret)).code).toBe(ErrorCode.unauthorized);
    const missing = await send('DELETE', '/user/token/999999', { 'x-fingerprint': await freshKey() });
    expect(missing.code).toBe(ErrorCode.notFound);
  });

  it('an expired token answers 4010 from the moment it expires', async () => {
    const created = await createToken(t, await freshKey(), {
      name: '短命',
      scope: 'read',
      expiresInDays: 30,
    });
    expect(created.expiresAt).toBe(t.clock.now + 30 * DAY);
    t.clock.advance(30 * DAY - 1);
    expect((await readAll(created.secret)).code).toBe(0);
    t.clock.advance(1);
    expect(await readAll(created.secret)).toMatchObject({ status: 401, code: ErrorCode.unauthorized });
  });

  it('a read token reads but every write is 4030', async () => {
    const { secret } = await createToken(t, await freshKey(), {
      name: '只读',
      scope: 'read',
      expiresInDays: null,
    });
    expect((await send('GET', '/todolist/realtodo', bearer(secret))).code).toBe(0);
    expect(await writeEssay(secret)).toMatchObject({ status: 403, code: ErrorCode.forbidden });
    expect((await clearTodos(secret)).code).toBe(ErrorCode.forbidden);
  });

  it('a write token writes, and its writes are audited under its name', async () => {
    const { secret } = await createToken(t, await freshKey(), {
      name: '发布器',
      scope: 'write',
      expiresInDays: 90,
    });
    expect((await writeEssay(secret)).code).toBe(0);
    const audit = await t.modules.auth.audit.list({ limit: 1 });
    expect(audit.list[0]).toMatchObject({
      method: 'POST',
      path: '/api/blog/essay',
      username: 'keeper（令牌：发布器）',
    });
  });

  it('a module token writes only within its modules', async () => {
    const { secret } = await createToken(t, await freshKey(), {
      name: '待办同步',
      scope: 'modules',
      modules: ['todos'],
      expiresInDays: 365,
    });
    expect((await clearTodos(secret)).code).toBe(0);
    expect((await writeEssay(secret)).code).toBe(ErrorCode.forbidden);
    expect((await send('GET', '/blog/reservation/essay', bearer(secret))).code).toBe(0);
  });

  it.each([
    ['GET', '/user/token'],
    ['POST', '/user/token'],
    ['DELETE', '/user/token/1'],
    ['GET', '/user/security'],
    ['PUT', '/user/security/password'],
    ['POST', '/user/logout'],
    ['GET', '/webhook/endpoint'],
    ['GET', '/system/export'],
    ['POST', '/webhook/endpoint'],
  ] as const)('no token reaches the security setting %s %s (4030)', async (method, url) => {
    const { secret } = await createToken(t, await freshKey(), {
      name: '全能',
      scope: 'write',
      expiresInDays: null,
    });
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect(await send(method, url, bearer(secret), payload)).toMatchObject({
      status: 403,
      code: ErrorCode.forbidden,
    });
  });

  it('a token cannot create another token, however it is sent', async () => {
    const { secret } = await createToken(t, await freshKey(), {
      name: '母',
      scope: 'write',
      expiresInDays: null,
    });
    const input = { name: '子', scope: 'write', expiresInDays: null };
    expect((await send('POST', '/user/token', bearer(secret), input)).code).toBe(ErrorCode.forbidden);
    // A garbage access key beside it does not help: the token is judged alone.
    const both = { ...bearer(secret), 'x-fingerprint': 'garbage' };
    expect((await send('POST', '/user/token', both, input)).code).toBe(ErrorCode.forbidden);
  });

  it('creating or revoking needs a login within ten minutes (4037)', async () => {
    const old = await freshKey();
    t.clock.advance(10 * 60_000 + 1);
    const input = { name: '迟', scope: 'read', expiresInDays: null };
    expect((await send('POST', '/user/token', { 'x-fingerprint': old }, input)).code).toBe(
      ErrorCode.freshLoginRequired,
    );
    expect((await send('DELETE', '/user/token/1', { 'x-fingerprint': old })).code).toBe(
      ErrorCode.freshLoginRequired,
    );
    expect((await send('GET', '/user/token', { 'x-fingerprint': old })).code).toBe(0);
  });

  it.each([
    ['an empty name', { name: ' ', scope: 'read', expiresInDays: null }, 'name'],
    ['an unknown scope', { name: 'a', scope: 'admin', expiresInDays: null }, 'scope'],
    ['modules without any', { name: 'a', scope: 'modules', modules: [], expiresInDays: null }, 'modules'],
    [
      'an unknown module',
      { name: 'a', scope: 'modules', modules: ['nope'], expiresInDays: null },
      'modules.0',
    ],
    [
      'a security module',
      { name: 'a', scope: 'modules', modules: ['tokens'], expiresInDays: null },
      'modules.0',
    ],
    [
      'modules on a read token',
      { name: 'a', scope: 'read', modules: ['todos'], expiresInDays: null },
      'modules',
    ],
    ['an odd expiry', { name: 'a', scope: 'read', expiresInDays: 7 }, 'expiresInDays'],
  ])('refuses %s with 4000', async (_, input, property) => {
    const res = await send('POST', '/user/token', { 'x-fingerprint': await freshKey() }, input);
    expect(res.status).toBe(400);
    expect(res.errors.map((e: { property: string }) => e.property)).toContain(property);
  });
});
