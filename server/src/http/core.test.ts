import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const explode = {
  method: 'GET',
  path: '/test/explode',
  access: 'public',
  response: z.null(),
} as const;
const big = { method: 'GET', path: '/test/big', access: 'public', response: z.string() } as const;
const echo = {
  method: 'POST',
  path: '/test/echo/:id',
  access: 'public',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ page: z.coerce.number().int().min(1).optional() }),
  body: z.object({ name: z.string().min(1).max(5), tags: z.array(z.string()).max(2) }),
  response: z.unknown(),
} as const;

describe('HTTP core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CORS_ORIGINS: 'https://friend.example' },
      extend: ({ router }) => {
        router.route(explode, async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        });
        router.route(echo, async ({ params, query, body }) => ({ params, query, body }));
        router.route(big, async () => '糖'.repeat(10_000));
      },
    });
  });
  afterAll(() => t.close());

  it('wraps a handler result in the success envelope', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/7?page=2',
      payload: { name: 'ok', tags: ['a'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      data: { params: { id: 7 }, query: { page: 2 }, body: { name: 'ok', tags: ['a'] } },
    });
  });

  it('answers HEAD as the GET route would: its headers, and no body', async () => {
    // inject is not HTTP: it routes HEAD the same way, but only Node's response leaves the body out.
    const injected = await t.server.inject({ method: 'HEAD', url: '/api/test/big' });
    expect(injected.statusCode).toBe(200);
    const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
    const get = await fetch(`${address}/api/test/big`, { headers: { 'accept-encoding': 'identity' } });
    const head = await fetch(`${address}/api/test/big`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const missing = await fetch(`${address}/api/test/nothing-here`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('answers 4000 with one errors[] entry per bad field', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      payload: { name: 'far too long', tags: ['a', 'b', 'c'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.validation);
    expect(body.data).toBeNull();
    expect(body.errors.map((e: { property: string }) => e.property).sort()).toEqual(['name', 'tags']);
    expect(Object.keys(body.errors[0].constraints).length).toBeGreaterThan(0);
  });

  it('validates path parameters and query strings too', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/zero?page=0',
      payload: { name: 'a', tags: [] },
    });
    expect(res.statusCode).toBe(400);
    const properties = res.json().errors.map((e: { property: string }) => e.property);
    expect(properties).toContain('id');
  });

  it('answers malformed JSON with 4000', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/user/knock',
      headers: { 'content-type': 'application/json', 'x-uuid': 'u1' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4000, errors: [{ property: 'body' }] });
  });

  it('answers an unknown API path with 4040', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ErrorCode.notFound, data: null });
  });

  it('answers a body over the limit with 4130', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), tags: [] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ErrorCode.payloadTooLarge);
  });

  it('answers an unsupported content type with 4150', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ErrorCode.unsupportedMediaType);
  });

  it('accepts urlencoded bodies', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=abc',
    });
    // tags is missing: the urlencoded body was parsed and then validated like any other.
    expect(res.json().errors.map((e: { property: string }) => e.property)).toEqual(['tags']);
  });

  it('hides unexpected failures behind 5000 with the request id and no stack', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.internal);
    expect(body.errorMsg).toContain(String(res.headers['x-request-id']));
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('.ts:');
  });

  it('allows configured origins and the custom headers, and no one else', async () => {
    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: '/api/system/version',
      headers: {
        origin: 'https://friend.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-uuid,x-fingerprint,x-dark-key,x-referrer,x-local-time',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://friend.example');
    const allowed = String(preflight.headers['access-control-allow-headers']);
    for (const h of ['x-uuid', 'x-fingerprint', 'x-dark-key', 'x-referrer', 'x-local-time'])
      expect(allowed).toContain(h);

    const stranger = await t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      headers: { origin: 'https://evil.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const friend = await t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      headers: { origin: 'https://friend.example' },
    });
    expect(String(friend.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it.each(['br', 'gzip'])('compresses large answers with %s', async (encoding) => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(2000);
  });

  it('sets security headers on every answer', async () => {
    for (const url of ['/api/system/version', '/api/nope']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });
});
