import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Query parameters an attacker or a careless client puts credentials in (issue 40.5). */
const QUERY_NAMES = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'oauth_token',
  'key',
  'api_key',
  'apikey',
  'apiKey',
  'accessKey',
  'code',
  'auth_code',
  'secret',
  'client_secret',
  'password',
  'passwd',
  'pass',
  'pwd',
  'auth',
  'signature',
  'sig',
  'X-Amz-Signature',
  'session',
  'sessionid',
  'sid',
  'jwt',
  'credential',
  'fingerprint',
  'otp',
];

/** Headers that carry credentials; the value of `authorization`-like ones comes with its scheme. */
const HEADER_NAMES = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'x-gotify-key',
  'x-auth-token',
  'x-csrf-token',
  'x-fingerprint',
  'x-dark-key',
  'api-key',
];

interface Probe {
  method: 'GET' | 'POST';
  path: string;
  status: number;
}

/** Routes of every kind: answered, refused, unknown, broken, before routing and Fedify's. */
const PROBES: Probe[] = [
  { method: 'GET', path: '/api/system/version', status: 200 },
  { method: 'GET', path: '/api/blog/link', status: 200 },
  { method: 'GET', path: '/api/user/security', status: 401 },
  { method: 'GET', path: '/api/job', status: 401 },
  { method: 'GET', path: '/api/no/such/call', status: 404 },
  { method: 'POST', path: '/api/blog/essay', status: 401 },
  { method: 'GET', path: '/test/boom', status: 500 },
  { method: 'GET', path: '/test/careless', status: 200 },
  { method: 'POST', path: '/ap/users/owner/inbox', status: 401 },
  { method: 'GET', path: '/%zz', status: 400 },
];

/** An unsigned delivery: Fedify refuses it (401) and the mount logs its address. */
const FOLLOW = {
  '@context': 'https://www.w3.org/ns/activitystreams',
  type: 'Follow',
  id: 'https://remote.example/follows/1',
  actor: 'https://remote.example/users/someone',
  object: 'http://localhost/ap/users/owner',
};

describe('credentials never reach the log files (issue 40.5)', () => {
  let t: TestApp;
  const planted: string[] = [];
  /** A value that cannot occur in a log by chance. */
  const plant = (label: string) => {
    const value = `planted${label.replace(/[^a-z0-9]/gi, '')}${randomBytes(8).toString('hex')}`;
    planted.push(value);
    return value;
  };

  beforeAll(async () => {
    t = await createTestApp({
      // Debug: the most talkative the server gets.
      env: { LOG_LEVEL: 'debug', LOG_STDOUT: 'false' },
      ownerGuard: testOwnerGuard,
      extend: (app) => {
        // An outbound failure whose message carries the address it was sent to, as fetch errors do.
        app.server.get('/test/boom', async (req) => {
          throw new Error(`upstream refused https://user:${plant('userinfo')}@remote.example${req.url}`);
        });
        // A future line that logs what came in, as it came.
        app.server.get('/test/careless', async (req) => {
          req.log.info({ headers: req.headers, url: req.url }, 'test: what came in');
          req.log.warn(`test: fetched ${req.url}`);
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('blanks every planted query value and header, keeping paths and statuses', async () => {
    const base = await t.server.listen({ port: 0, host: '127.0.0.1' });
    const send = async (probe: Probe, index: number) => {
      const query = QUERY_NAMES.map((name) => `${name}=${plant(`${name}${index}`)}`).join('&');
      const inbox = probe.path.startsWith('/ap/');
      const headers: Record<string, string> = {
        'content-type': inbox ? 'application/activity+json' : 'application/json',
      };
      for (const name of HEADER_NAMES) {
        const value = plant(`${name}${index}`);
        headers[name] = name.endsWith('authorization') ? `Bearer ${value}` : value;
      }
      headers.cookie = `sid=${plant(`cookiesid${index}`)}; theme=dark`;
      const res = await fetch(`${base}${probe.path}?page=7&${query}`, {
        method: probe.method,
        headers,
        ...(probe.method === 'POST' ? { body: inbox ? JSON.stringify(FOLLOW) : '{}' } : {}),
      });
      expect(res.status, probe.path).toBe(probe.status);
      await res.arrayBuffer();
    };
    for (const [index, probe] of PROBES.entries()) await send(probe, index);
    // Twice more: the second read of a public list is answered from memory before Fastify.
    await send(PROBES[1] as Probe, 100);
    await send(PROBES[1] as Probe, 101);
    expect(planted.length).toBeGreaterThanOrEqual(35 * PROBES.length);

    // The log browser writes out what is buffered before it reads.
    await t.server.inject({ method: 'GET', url: '/api/log', headers: asOwner });
    const dir = path.join(t.config.dataDir, 'logs');
    const written = fs
      .readdirSync(dir)
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .join('');
    const leaked = planted.filter((value) => written.includes(value));
    expect(leaked).toEqual([]);

    // What is not secret stays: each path with its status, the harmless parameter, the blanks.
    const lines = written
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { msg?: string; url?: string; status?: number });
    // Refused before routing (`/%zz`), a request has no access line: nothing of it to find.
    for (const probe of PROBES.filter((candidate) => candidate.status !== 400)) {
      const access = lines.find(
        (line) => line.msg === 'request' && line.url?.startsWith(`${probe.path}?page=7&token=[redacted]`),
      );
      expect(access?.status, probe.path).toBe(probe.status);
    }
    expect(written).toContain('client_secret=[redacted]');
    expect(written).toContain('"cookie":"[redacted]"');
    expect(written).toContain('"x-gotify-key":"[redacted]"');
    expect(written).toContain('user-agent');
    expect(written).toContain('remote.example');
  });
});
