import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEssays, insertMoments, testOwnerGuard } from '../../../test/contentFactories.ts';
import { saveFederationSettings } from '../../../test/federatedApp.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The official NodeInfo 2.1 schema (github.com/jhass/nodeinfo, schemas/2.1/schema.json, CC0), as
 * published. It is draft-04; the keywords it uses mean the same to Ajv's default draft, so only the
 * draft-04 `id` and `$schema` are left out when it is compiled.
 */
const nodeInfoSchema = JSON.parse(
  fs.readFileSync(
    fileURLToPath(new URL('../../../test/fixtures/protocol/nodeinfo-2.1.schema.json', import.meta.url)),
    'utf8',
  ),
) as Record<string, unknown>;
const { $schema: _draft, id: _id, ...schemaBody } = nodeInfoSchema;
const validateNodeInfo = new Ajv({ allErrors: true }).compile(schemaBody);

const ORIGIN = 'https://candy.example';
const AP_JSON = { accept: 'application/activity+json' };

interface Jrd {
  subject: string;
  links: { rel: string; href?: string }[];
}

/** Issue 40.6: what third-party validators found at the protocol edges. */
describe('protocol edges (issue 40.6)', () => {
  let t: TestApp;
  // With a web build, so an unknown page address is redirected as spec §2 says.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-web-'));
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ env: { WEB_DIST: webDist }, ownerGuard: testOwnerGuard });
    const saved = await saveFederationSettings(t, ORIGIN);
    expect(saved.json().code).toBe(0);
    const day = 86_400_000;
    await insertEssays(t, [
      ...Array.from({ length: 25 }, (_, n) => ({
        content: `公开随笔 ${n}`,
        at: t.clock.now - (n + 1) * day,
      })),
      { content: '藏起来的', hide: true },
      { content: '明天发', reservation: t.clock.now + day },
    ]);
    await insertMoments(t, [{ at: t.clock.now - day }, { at: t.clock.now - 2 * day }]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('WebFinger', () => {
    it.each([
      ['an unknown account', 'acct:nobody@candy.example'],
      ['the owner on another host', 'acct:owner@elsewhere.example'],
      ['an unknown address', 'https://candy.example/ap/users/nobody'],
    ])('answers %s with 404, not a redirect (RFC 7033 §4.2)', async (_, resource) => {
      const res = await get(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    });

    const finger = async (rels: string[]) => {
      const query = new URLSearchParams([
        ['resource', 'acct:owner@candy.example'],
        ...rels.map((r): [string, string] => ['rel', r]),
      ]);
      const res = await get(`/.well-known/webfinger?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Jrd;
    };

    it('gives every link without rel, and only the asked ones with it (RFC 7033 §4.3)', async () => {
      const all = (await finger([])).links.map((link) => link.rel);
      expect(all).toEqual(expect.arrayContaining(['self', 'http://webfinger.net/rel/profile-page']));
      const self = await finger(['self']);
      expect(self.subject).toBe('acct:owner@candy.example');
      expect(self.links).toEqual([
        { rel: 'self', href: `${ORIGIN}/ap/users/owner`, type: 'application/activity+json' },
      ]);
      const two = (await finger(['http://webfinger.net/rel/profile-page', 'self'])).links.map((l) => l.rel);
      expect(two.sort()).toEqual(['http://webfinger.net/rel/profile-page', 'self']);
      expect((await finger(['http://openid.net/specs/connect/1.0/issuer'])).links).toEqual([]);
    });
  });

  describe('NodeInfo 2.1', () => {
    const nodeInfo = async () => {
      const res = await get('/nodeinfo/2.1');
      expect(res.statusCode).toBe(200);
      return res.json() as { usage: { localPosts: number } } & Record<string, unknown>;
    };

    it('passes the official JSON schema', async () => {
      const document = await nodeInfo();
      expect(document.$schema).toBeUndefined();
      validateNodeInfo(document);
      expect(validateNodeInfo.errors ?? []).toEqual([]);
    });

    it('counts the public essays, and the moments once they federate', async () => {
      expect((await nodeInfo()).usage.localPosts).toBe(25);
      expect((await saveFederationSettings(t, ORIGIN, { federateMoments: true })).json().code).toBe(0);
      expect((await nodeInfo()).usage.localPosts).toBe(27);
      await saveFederationSettings(t, ORIGIN);
    });
  });

  it('gives the actor a following collection: empty, ordered, at a stable address', async () => {
    const actor = (await get('/ap/users/owner', AP_JSON)).json() as { following?: string };
    expect(actor.following).toBe(`${ORIGIN}/ap/users/owner/following`);
    const res = await get('/ap/users/owner/following', AP_JSON);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'OrderedCollection', totalItems: 0 });
  });

  it.each([
    ['GET', '/api/no/such/call'],
    ['GET', '/api'],
    ['POST', '/api/no/such/call'],
    ['GET', '/ap/no/such/thing'],
    ['GET', '/ap/users/nobody'],
    ['POST', '/ap/users/nobody/inbox'],
    ['GET', '/ap'],
    ['GET', '/nodeinfo/2.0'],
    ['GET', '/nodeinfo'],
    ['GET', '/.well-known/security.txt'],
    ['GET', '/.well-known/host-meta'],
    ['HEAD', '/.well-known/nothing'],
  ] as const)('answers %s %s with its own 404, never the page redirect', async (method, url) => {
    const res = await t.server.inject({ method, url, headers: AP_JSON });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    if (method !== 'HEAD') expect(res.json()).toMatchObject({ code: 4040, data: null });
  });

  it('keeps no API 404 in a cache, from an unknown call or a known call on a missing item', async () => {
    const missing = await get('/api/blog/essay/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('still sends an unknown page to / (spec §2)', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });
});
