import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const hsts = 'strict-transport-security';

describe('security headers on real answers (issue 23)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fs.mkdirSync(path.join(t.config.dataDir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'files', 'pic.txt'), 'a picture');
    fs.writeFileSync(path.join(t.config.snapshotDir, 'index.html'), '<title>糖果罐</title>');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'GET', url, headers });

  it('denies the browser features the site does not use, and allows camera and geolocation to itself', async () => {
    const policy = String((await get('/api/system/version')).headers['permissions-policy']);
    const features = Object.fromEntries(policy.split(', ').map((entry) => entry.split('=')));
    // The QR tool reads the camera and the back office's map asks for the owner's position.
    expect(features).toMatchObject({ camera: '(self)', geolocation: '(self)' });
    for (const denied of ['microphone', 'payment', 'usb', 'serial', 'hid'])
      expect(features[denied]).toBe('()');
  });

  it.each([
    ['/api/system/version', 'same-site'],
    ['/robots.txt', 'same-site'],
    ['/files/pic.txt', 'cross-origin'],
    ['/snapshot/index.html', 'cross-origin'],
    ['/api/static/buffer/abcdefghijklmnop/x.png', 'cross-origin'],
  ])('%s answers Cross-Origin-Resource-Policy: %s', async (url, policy) => {
    expect((await get(url)).headers['cross-origin-resource-policy']).toBe(policy);
  });

  it('sends no HSTS over plain http, and believes no X-Forwarded-Proto without TRUST_PROXY', async () => {
    expect((await get('/api/system/version')).headers[hsts]).toBeUndefined();
    expect(
      (await get('/api/system/version', { 'x-forwarded-proto': 'https' })).headers[hsts],
    ).toBeUndefined();
  });
});

describe('HSTS behind a trusted proxy', () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    base = await t.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends HSTS when the proxy says the request came over https, and not when it came over http', async () => {
    const https = await t.server.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers[hsts]).toBe('max-age=31536000');
    const http = await t.server.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers[hsts]).toBeUndefined();
  });

  it('answers the same way on the fast path before Fastify, whichever request filled the cache', async () => {
    // The first answer (ordinary path, over "https") stores the entry the fast path replays.
    const first = await fetch(`${base}/api/blog/link`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(first.headers.get(hsts)).toBe('max-age=31536000');
    const before = t.publicCache.fastAnswers;
    const plain = await fetch(`${base}/api/blog/link`, { headers: { 'x-forwarded-proto': 'http' } });
    const secure = await fetch(`${base}/api/blog/link`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(t.publicCache.fastAnswers).toBe(before + 2);
    expect(plain.headers.get(hsts)).toBeNull();
    expect(secure.headers.get(hsts)).toBe('max-age=31536000');
    expect(secure.headers.get('permissions-policy')).toContain('microphone=()');
  });
});

describe('HSTS behind a proxy trusted by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(() => t.close());

  it.each([
    ['the trusted proxy', '10.0.0.1', 'max-age=31536000'],
    ['anyone else', '10.0.0.2', undefined],
  ])('believes X-Forwarded-Proto from %s only', async (_who, remoteAddress, expected) => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      remoteAddress,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers[hsts]).toBe(expected);
  });
});
