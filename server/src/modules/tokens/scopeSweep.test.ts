import { ErrorCode } from '@candy/contract';
import { routeGroupOf } from '@candy/contract/tokenScope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ownerKey } from '../auth/testing.ts';
import { appToken } from '../oauth/testing.ts';
import { bearer, createToken } from './testing.ts';

/** Every `:name` placeholder filled with a plausible value (as in the owner-guard sweep). */
const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, '1');

/** The modules the limited token may write to: two groups with many writes each. */
const MODULES = ['todos', 'files'];

/**
 * Token scopes on every owner route (issue 26 "Done when"): the owner-guard sweep of
 * `auth/guard.test.ts` again, with a read-only and a module-limited token. Each route is asked
 * for its answer's code only; what the call did with `{}` does not matter here.
 */
describe('token scopes on every owner route', () => {
  let t: TestApp;
  const tokens = {
    read: '',
    modules: '',
    revoked: '',
    expired: '',
    sessionKey: '',
    appRead: '',
    appRevoked: '',
  };

  beforeAll(async () => {
    t = await createTestApp();
    const key = await ownerKey(t);
    tokens.read = (await createToken(t, key, { name: '只读', scope: 'read', expiresInDays: null })).secret;
    tokens.modules = (
      await createToken(t, key, { name: '限模块', scope: 'modules', modules: MODULES, expiresInDays: null })
    ).secret;
    const revoked = await createToken(t, key, { name: '已撤销', scope: 'write', expiresInDays: null });
    await t.modules.tokens.revoke(revoked.id);
    tokens.revoked = revoked.secret;
    tokens.expired = (await createToken(t, key, { name: '过期', scope: 'write', expiresInDays: 30 })).secret;
    // Fediverse apps' tokens (issue 42) pass the same guard: `read` is a read-only token.
    tokens.appRead = await appToken(t, 'read');
    tokens.appRevoked = await appToken(t, 'read write');
    for (const grant of await t.modules.oauth.grants())
      if (grant.scopes.includes('write')) await t.modules.oauth.revokeApp(grant.id);
    t.clock.advance(30 * 86_400_000);
    tokens.sessionKey = (
      await t.modules.auth.auth.openSession({ ip: '127.0.0.1', userAgent: 'vitest' })
    ).accessKey;
  });
  afterAll(() => t.close());

  const ownerRoutes = () => t.router.registered.filter((r) => r.access === 'owner');
  const pathOf = (url: string) => url.slice(t.config.apiBasePath.length);

  const codeOf = async (method: string, url: string, secret: string) => {
    const res = await t.server.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: bearer(secret),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    // Downloads (the export archive, protected files) answer with their own bytes.
    return String(res.headers['content-type']).startsWith('application/json')
      ? res.json().code
      : res.statusCode;
  };

  it('the sweep sees every owner route, and each is in a route group', () => {
    expect(ownerRoutes().length).toBeGreaterThan(100);
    expect(ownerRoutes().filter((r) => !routeGroupOf(r.method, pathOf(r.url)))).toEqual([]);
  });

  it.each([
    ['a garbage token', () => 'cj_garbage'],
    ['an over-long token', () => `cj_${'k'.repeat(10_000)}`],
    ['a revoked token', () => tokens.revoked],
    ['an expired token', () => tokens.expired],
    ['an access key sent as a token', () => tokens.sessionKey],
    ["a revoked app's token", () => tokens.appRevoked],
  ])('every owner route refuses %s with 4010', async (_, secret) => {
    const answers = [];
    for (const route of ownerRoutes())
      answers.push({
        route: `${route.method} ${route.url}`,
        code: await codeOf(route.method, route.url, secret()),
      });
    expect(answers).toEqual(
      ownerRoutes().map((r) => ({ route: `${r.method} ${r.url}`, code: ErrorCode.unauthorized })),
    );
  });

  it.each([
    ['a read-only token', () => tokens.read],
    ["an app's `read` token", () => tokens.appRead],
  ])('%s: every owner GET passes the guard, every write and security setting is 4030', async (_, secret) => {
    const answers = [];
    for (const route of ownerRoutes())
      answers.push({
        route: `${route.method} ${route.url}`,
        code: await codeOf(route.method, route.url, secret()),
      });
    const expected = ownerRoutes().map((r) => ({
      route: `${r.method} ${r.url}`,
      refused: r.method !== 'GET' || r.guard !== undefined,
    }));
    expect(
      answers.map(({ route, code }) => ({
        route,
        refused: code === ErrorCode.forbidden,
        unauthorized: code === ErrorCode.unauthorized,
      })),
    ).toEqual(expected.map((e) => ({ ...e, unauthorized: false })));
  });

  it('a module-limited token: writes outside its modules and security settings are 4030, the rest pass', async () => {
    const answers = [];
    for (const route of ownerRoutes()) {
      const group = routeGroupOf(route.method, pathOf(route.url));
      answers.push({
        route: `${route.method} ${route.url}`,
        group,
        code: await codeOf(route.method, route.url, tokens.modules),
      });
    }
    const inside = ownerRoutes().filter(
      (r) => r.method !== 'GET' && !r.guard && MODULES.includes(routeGroupOf(r.method, pathOf(r.url)) ?? ''),
    );
    // The sweep really tried writes inside the modules (not only refusals).
    expect(inside.length).toBeGreaterThan(5);
    expect(
      answers.map(({ route, code }) => ({
        route,
        refused: code === ErrorCode.forbidden,
        unauthorized: code === ErrorCode.unauthorized,
      })),
    ).toEqual(
      ownerRoutes().map((r) => ({
        route: `${r.method} ${r.url}`,
        refused:
          r.guard !== undefined ||
          (r.method !== 'GET' && !MODULES.includes(routeGroupOf(r.method, pathOf(r.url)) ?? '')),
        unauthorized: false,
      })),
    );
  });

  it('a token offered to a public write it may not make is a visitor there, not refused', async () => {
    // Knocking is public: a read-only token neither blocks it nor acts as the owner in it.
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/knock',
      headers: { ...bearer(tokens.read), 'x-uuid': 'token-sweep' },
    });
    expect(res.json().code).toBe(0);
  });
});
