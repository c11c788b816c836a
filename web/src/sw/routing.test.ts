import { describe, expect, it } from 'vitest';
import { isStorable, mirrorCacheKey, type RequestLike, requestKind, type WorkerConfig } from './routing.ts';

const origin = 'https://candy.example';
const config: WorkerConfig = {
  apiBases: [`${origin}/api`, 'https://api2.example/base'],
  mirrors: [`${origin}/snapshot`, 'https://cdn.example/gh/owner/snap@main'],
};

const request = (
  url: string,
  { method = 'GET', mode = 'cors', headers = [] as string[] } = {},
): RequestLike => ({ url, method, mode, headers: { has: (name) => headers.includes(name) } });

describe('which requests the service worker answers (issue 46.3)', () => {
  it.each([
    ['/chaos', 'page'],
    ['/chaos/12', 'page'],
    ['/about', 'page'],
    ['/', 'page'],
    ['/great-old-one/index', null],
    ['/great-old-one', null],
    ['/contract', null],
    ['/nowhere', null],
    ['/api/blog/essay', null],
  ])('navigation to %s → %s', (path, kind) => {
    expect(requestKind(request(`${origin}${path}`, { mode: 'navigate' }), origin, config)).toBe(kind);
  });

  it('never answers a navigation to another site', () => {
    expect(
      requestKind(request('https://other.example/chaos', { mode: 'navigate' }), origin, config),
    ).toBeNull();
  });

  it.each([
    ['/api/blog/essay?start=12', 'read'],
    ['/api/blog/essay/12', 'read'],
    ['/api/blog/comment?essayId=3', 'read'],
    ['/api/meta/site', 'read'],
    ['/api/video/public/material/4', 'read'],
    // Owner calls, per-device answers, proofs, probes: never.
    ['/api/blog/comment/push/subscription?endpoint=x', null],
    ['/api/blog/comment/challenge', null],
    ['/api/message/channel', null],
    ['/api/user/security', null],
    ['/api/system/version', null],
    ['/api/blog/moments', null],
    ['/api/blog/waifu', null],
    ['/apiary/blog/essay', null],
  ])('API GET %s → %s', (path, kind) => {
    expect(requestKind(request(`${origin}${path}`), origin, config)).toBe(kind);
  });

  it('reads on another configured API host count too', () => {
    expect(requestKind(request('https://api2.example/base/blog/link'), origin, config)).toBe('read');
  });

  it.each([
    ['x-fingerprint', `${origin}/api/blog/essay`],
    ['x-dark-key', `${origin}/api/blog/essay`],
    ['authorization', `${origin}/api/blog/essay`],
    ['x-fingerprint', `${origin}/chaos`],
  ])('never answers a request carrying %s (%s)', (header, url) => {
    expect(requestKind(request(url, { headers: [header] }), origin, config)).toBeNull();
  });

  it('never answers the key in the query (protected assets) nor anything but GET', () => {
    expect(requestKind(request(`${origin}/files/images/a.webp?fingerprint=k`), origin, config)).toBeNull();
    expect(requestKind(request(`${origin}/api/blog/essay`, { method: 'POST' }), origin, config)).toBeNull();
    expect(
      requestKind(request(`${origin}/chaos`, { method: 'HEAD', mode: 'navigate' }), origin, config),
    ).toBeNull();
  });

  it.each([
    [`${origin}/snapshot/blog/essay/12?t=1796469569683`, 'mirror'],
    ['https://cdn.example/gh/owner/snap@main/index.html?t=1796469569683', 'mirror'],
    // Not stamped, or not a configured mirror: not a mirror file.
    [`${origin}/snapshot/blog/essay/12`, null],
    ['https://cdn.example/gh/other/repo/index.html?t=1796469569683', null],
    [`${origin}/assets/index-abc.js`, 'asset'],
    [`${origin}/files/images/demo/cat-640.webp`, 'image'],
    [`${origin}/files/media/clip.mp4`, null],
    [`${origin}/icon-192.png`, 'static'],
    [`${origin}/manifest.webmanifest`, 'static'],
    [`${origin}/sw.js`, null],
    [`${origin}/feed.xml`, null],
    ['https://cdn.other/assets/x.js', null],
  ])('%s → %s', (url, kind) => {
    expect(requestKind(request(url), origin, config)).toBe(kind);
  });
});

describe('mirror files are kept without their stamp', () => {
  it('drops only t', () => {
    expect(mirrorCacheKey('https://cdn.example/snap/blog/essay/12?t=1796469569683')).toBe(
      'https://cdn.example/snap/blog/essay/12',
    );
    expect(mirrorCacheKey('https://cdn.example/snap/search/3?v=2&t=1')).toBe(
      'https://cdn.example/snap/search/3?v=2',
    );
  });
});

describe('which answers may be kept', () => {
  const response = (
    cacheControl: string | null,
    status = 200,
    extra: { type?: string; redirected?: boolean } = {},
  ) => ({
    status,
    type: extra.type ?? 'basic',
    redirected: extra.redirected ?? false,
    headers: { get: (name: string) => (name === 'cache-control' ? cacheControl : null) },
  });

  it.each([
    ['no-cache', true],
    [null, true],
    ['public, max-age=31536000, immutable', true],
    ['no-store', false],
    ['private, no-cache', false],
    ['Private', false],
    ['no-cache, no-store', false],
  ])('Cache-Control %s → %s', (cacheControl, storable) => {
    expect(isStorable(response(cacheControl))).toBe(storable);
  });

  it('keeps no error, no redirect and no opaque answer', () => {
    expect(isStorable(response('no-cache', 404))).toBe(false);
    expect(isStorable(response('no-cache', 206))).toBe(false);
    expect(isStorable(response('no-cache', 200, { redirected: true }))).toBe(false);
    expect(isStorable(response(null, 0, { type: 'opaque' }))).toBe(false);
  });
});
