import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { UnguardedRouteError } from '../../http/router.ts';
import { TOUCH_INTERVAL_MS } from './service.ts';
import { createOwner, loginKey } from './testing.ts';

const TTL = 3_600_000;

/** A call this test adds itself, to show that an owner route registered later is guarded too. */
const testOwnerWrite = {
  method: 'POST',
  path: '/test/owner-write',
  access: 'owner',
  body: z.object({ n: z.number() }),
  response: z.object({ n: z.number() }),
} as const;

const testAsset = {
  method: 'GET',
  path: '/test/protected-asset',
  access: 'owner',
  query: z.object({ path: z.string() }).strict(),
  response: z.string(),
} as const;

/** Every `:name` placeholder filled with a plausible value. */
const concrete = (url: string) => url.replace(/:([A-Za-z]+)/g, '1');

describe('the owner guard on every owner route', () => {
  let t: TestApp;
  let stray: unknown;
  const keys = { live: '', expired: '', revoked: '' };

  beforeAll(async () => {
    t = await createTestApp({
      env: { ACCESS_KEY_TTL: String(TTL) },
      extend: (app) => {
        app.router.route(testOwnerWrite, async ({ body }) => ({ n: body.n }));
        app.router.route(testAsset, async ({ query }) => `asset ${query.path}`, { keyFromQuery: true });
        // A route added behind the router's back, under the API prefix: refused at registration.
        try {
          app.server.post('/api/test/raw-owner-write', async () => ({ code: 0, data: 'open' }));
        } catch (error) {
          stray = error;
        }
      },
    });
    await createOwner(t);
    keys.expired = await loginKey(t, { uuid: 'device-expired' });
    t.clock.advance(TTL + 1);
    keys.revoked = await loginKey(t, { uuid: 'device-revoked' });
    await t.server.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'x-fingerprint': keys.revoked },
    });
    keys.live = await loginKey(t, { uuid: 'device-live' });
  });
  afterAll(() => t.close());

  const ownerRoutes = () => t.router.registered.filter((r) => r.access === 'owner');

  const call = (method: string, url: string, key?: string) =>
    t.server.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: key === undefined ? {} : { 'x-fingerprint': key },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('enumerates the spec owner routes and the test route', () => {
    const urls = ownerRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/system', 'GET /api/user/security', 'POST /api/test/owner-write']),
    );
  });

  it.each([
    ['no key', () => undefined],
    ['a garbage key', () => 'garbage-key'],
    ['an over-long key', () => 'k'.repeat(10_000)],
    ['an expired key', () => keys.expired],
    ['a revoked key', () => keys.revoked],
  ])('every owner route refuses %s with 4010', async (_, key) => {
    const refusedEverywhere = [];
    for (const route of ownerRoutes()) {
      const res = await call(route.method, route.url, key());
      refusedEverywhere.push({
        route: `${route.method} ${route.url}`,
        status: res.statusCode,
        code: res.json().code,
      });
    }
    expect(refusedEverywhere).toEqual(
      ownerRoutes().map((r) => ({
        route: `${r.method} ${r.url}`,
        status: 401,
        code: ErrorCode.unauthorized,
      })),
    );
  });

  it('a live key passes the guard on every owner route (so the refusals above are the guard)', async () => {
    for (const route of ownerRoutes()) {
      // A fresh key each time: some owner calls (logout) end the session that made them.
      const { accessKey } = await t.modules.auth.auth.openSession({ ip: '127.0.0.1', userAgent: 'vitest' });
      const res = await call(route.method, route.url, accessKey);
      // Downloads (the export archive) answer with their own bytes, not the envelope.
      const json = String(res.headers['content-type']).startsWith('application/json');
      const code = json ? res.json().code : `${res.statusCode} ${res.headers['content-type']}`;
      expect({ route: route.url, code }).not.toEqual({
        route: route.url,
        code: ErrorCode.unauthorized,
      });
    }
  });

  it('a route added under the API prefix without the router is refused at start-up', () => {
    expect(stray).toBeInstanceOf(UnguardedRouteError);
    expect(String(stray)).toContain('POST /api/test/raw-owner-write');
  });

  it('so every API route fastify knows came through the router', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/api/test/raw-owner-write' });
    expect(res.statusCode).toBe(404);
    for (const route of t.router.registered) {
      expect(t.server.hasRoute({ method: route.method as 'GET', url: route.url })).toBe(true);
    }
  });

  it('the key works as the fingerprint query only where a route allows it', async () => {
    // A new key: the sweep above ran "end all other sessions", which ended `keys.live`.
    keys.live = await loginKey(t, { uuid: 'device-live-again' });
    const asset = await t.server.inject({
      method: 'GET',
      url: `/api/test/protected-asset?path=frontend/a.png&fingerprint=${keys.live}`,
    });
    expect(asset.json()).toEqual({ code: 0, data: 'asset frontend/a.png' });
    const elsewhere = await t.server.inject({
      method: 'GET',
      url: `/api/user/security?fingerprint=${keys.live}`,
    });
    expect(elsewhere.json().code).toBe(ErrorCode.unauthorized);
  });

  it.each([
    ['an expired', () => keys.expired],
    ['a revoked', () => keys.revoked],
    ['a garbage', () => 'nope'],
  ])('the fingerprint query refuses %s key', async (_, key) => {
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/test/protected-asset?path=x&fingerprint=${key()}`,
    });
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('updates last used at most once a minute', async () => {
    const key = await loginKey(t, { uuid: 'device-touch' });
    const lastUsed = async () =>
      (
        await t.database.db
          .selectFrom('access_key')
          .select('last_used_at')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const loggedInAt = t.clock.now;
    const touch = () =>
      t.server.inject({ method: 'GET', url: '/api/user/security', headers: { 'x-fingerprint': key } });
    t.clock.advance(TOUCH_INTERVAL_MS - 1);
    await touch();
    expect(await lastUsed()).toBe(loggedInAt);
    t.clock.advance(1);
    await touch();
    expect(await lastUsed()).toBe(t.clock.now);
  });

  it('a key stops working the moment it expires', async () => {
    const key = await loginKey(t, { uuid: 'device-edge' });
    const security = () =>
      t.server.inject({ method: 'GET', url: '/api/user/security', headers: { 'x-fingerprint': key } });
    t.clock.advance(TTL - 1);
    expect((await security()).json().code).toBe(0);
    t.clock.advance(1);
    expect((await security()).json().code).toBe(ErrorCode.unauthorized);
  });
});
