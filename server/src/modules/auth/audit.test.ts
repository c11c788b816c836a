import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ownerKey } from './testing.ts';

/** Owner writes this test adds itself: the audit comes from the router, not from any module. */
const testWrite = {
  method: 'PUT',
  path: '/test/things/:id',
  access: 'owner',
  params: z.object({ id: z.coerce.number() }),
  body: z.object({ name: z.string() }).strict(),
  response: z.null(),
} as const;

const testRead = { method: 'GET', path: '/test/things', access: 'owner', response: z.null() } as const;
const testFailingWrite = {
  method: 'DELETE',
  path: '/test/broken',
  access: 'owner',
  response: z.null(),
} as const;

describe('the audit log of owner writes', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.router.route(testWrite, async () => null);
        app.router.route(testRead, async () => null);
        app.router.route(testFailingWrite, async () => {
          throw new Error('boom');
        });
      },
    });
    key = await ownerKey(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('audit_log').execute();
  });

  const entries = () => t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

  it('records who, what, the answer, the IP and when', async () => {
    await t.server.inject({
      method: 'PUT',
      url: '/api/test/things/7?fingerprint=leak',
      remoteAddress: '10.3.3.3',
      headers: { 'x-fingerprint': key },
      payload: { name: 'x' },
    });
    expect(await entries()).toEqual([
      expect.objectContaining({
        username: 'keeper',
        method: 'PUT',
        path: '/api/test/things/7',
        status: 200,
        ip: '10.3.3.3',
        created_at: t.clock.now,
      }),
    ]);
  });

  it('records writes the server refused for bad input, with their status', async () => {
    await t.server.inject({
      method: 'PUT',
      url: '/api/test/things/7',
      headers: { 'x-fingerprint': key },
      payload: { nope: 1 },
    });
    expect((await entries()).map((e) => e.status)).toEqual([400]);
  });

  it('records writes that failed inside the server', async () => {
    await t.server.inject({ method: 'DELETE', url: '/api/test/broken', headers: { 'x-fingerprint': key } });
    expect((await entries()).map((e) => e.status)).toEqual([500]);
  });

  it('records the real owner calls too (logout)', async () => {
    const other = await ownerKey(t);
    await t.server.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-fingerprint': other } });
    expect((await entries()).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /api/user/logout']);
  });

  it('does not record owner reads', async () => {
    await t.server.inject({ method: 'GET', url: '/api/test/things', headers: { 'x-fingerprint': key } });
    expect(await entries()).toEqual([]);
  });

  it('does not record writes refused for lack of a key', async () => {
    await t.server.inject({ method: 'PUT', url: '/api/test/things/7', payload: { name: 'x' } });
    expect(await entries()).toEqual([]);
  });

  it('reads back newest first with a cursor', async () => {
    for (let i = 0; i < 3; i++) {
      await t.server.inject({
        method: 'PUT',
        url: `/api/test/things/${i}`,
        headers: { 'x-fingerprint': key },
        payload: { name: 'x' },
      });
    }
    const first = await t.modules.auth.audit.list({ limit: 2 });
    expect(first.list.map((e) => e.path)).toEqual(['/api/test/things/2', '/api/test/things/1']);
    expect(first.hasMore).toBe(true);
    const rest = await t.modules.auth.audit.list({ limit: 2, start: first.list[1]?.id });
    expect(rest.list.map((e) => e.path)).toEqual(['/api/test/things/0']);
    expect(rest.hasMore).toBe(false);
  });
});
