import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { composePage } from './webApp.ts';

describe('serving the web app, files and the snapshot', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.css'), 'body{color:red}</style>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's brotli copy, and a top-level file with its gzip copy.
    fs.writeFileSync(
      path.join(webDist, 'assets', 'index-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"candy"}');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest.gz'), gzipSync('{"name":"candy"}'));
    t = await createTestApp({
      env: {
        WEB_DIST: webDist,
        SITE_TITLE: '测试<站>',
        SITE_DOMAINS: 'candy.example',
        OFFLINE_MIRRORS: 'https://cdn.example/gh/me/snap',
      },
    });
    fs.mkdirSync(path.join(t.config.snapshotDir, 'blog/link'), { recursive: true });
    fs.writeFileSync(path.join(t.config.snapshotDir, 'blog/link/data'), '[]');
    fs.mkdirSync(path.join(t.config.snapshotDir, '.git'), { recursive: true });
    fs.writeFileSync(path.join(t.config.snapshotDir, '.git/config'), 'secret');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('writes its stylesheet into the page, linked for print only (no round trip before the first paint)', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/chaos' });
    expect(res.body).toContain(
      '<style data-href="/assets/index-abc123.css">body{color:red}<\\/style></style><link rel="stylesheet" media="print" crossorigin href="/assets/index-abc123.css">',
    );
    expect(res.body).not.toContain('<link rel="stylesheet" crossorigin href=');
  });

  it.each([
    '/',
    '/chaos',
    '/chaos/',
    '/chaos/12',
    '/great-old-one',
    '/great-old-one/cron',
    '/utils',
    '/utils/merge-image',
    '/contract',
  ])('answers %s with index.html, never cached', async (url) => {
    const res = await t.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('injects the runtime configuration as JSON data and the escaped title', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/chaos' });
    expect(res.body).toContain('<title>测试&lt;站&gt;</title>');
    const json =
      /<script id="runtime-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const config = JSON.parse(json);
    expect(config.title).toBe('测试<站>');
    expect(config.domains).toEqual(expect.arrayContaining(['candy.example', 'localhost']));
    expect(config.offlineMirrors).toEqual(['https://cdn.example/gh/me/snap']);
    expect(json).not.toContain('<');
  });

  it.each(['/no-such-page', '/chaos/abc', '/chaos/12/comments', '/health', '/great-old-one/nope'])(
    'redirects the unknown path %s to / (spec §2)',
    async (url) => {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.body).not.toContain('<div id="root">');
    },
  );

  it('redirects an unknown path for HEAD too, keeping its query out of the target', async () => {
    const res = await t.server.inject({ method: 'HEAD', url: '/nowhere?x=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it("moves an essay's old address /chaos?id=N to its page /chaos/N for good", async () => {
    const res = await t.server.inject({ method: 'GET', url: '/chaos?id=12' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/chaos/12');
    const list = await t.server.inject({ method: 'GET', url: '/chaos?keyword=12' });
    expect(list.statusCode).toBe(200);
  });

  it('keeps the 4040 envelope for unknown API paths, and 404 for missing files', async () => {
    const api = await t.server.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 4040, data: null });
    for (const url of ['/files/nothing.png', '/snapshot/none', '/favicon-missing.png']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('points feed readers to the RSS feed and the JSON Feed from every page', async () => {
    for (const url of ['/', '/chaos', '/chaos/3', '/utils/index']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.body, url).toContain(
        '<link rel="alternate" type="application/rss+xml" href="/feed.xml" title="测试&lt;站&gt;">',
      );
      expect(res.body, url).toContain(
        '<link rel="alternate" type="application/feed+json" href="/feed.json" title="测试&lt;站&gt;">',
      );
    }
  });

  it('compresses every page, the ones answered past the routes included', async () => {
    // The page is padded past the compress threshold (1 KB) by the injected configuration.
    for (const url of ['/', '/chaos', '/about']) {
      const res = await t.server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('advertises the Webmention endpoint by header and by <link> on every page', async () => {
    for (const url of ['/', '/chaos', '/chaos/3', '/about']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.headers.link, url).toBe('</api/webmention>; rel="webmention"');
      expect(res.body, url).toContain('<link rel="webmention" href="/api/webmention">');
    }
  });

  it('caches hashed assets forever', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends an asset's brotli copy to a client that takes brotli", async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the files at the top revalidated, their compressed copies only through encoding', async () => {
    const plain = await t.server.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('{"name":"candy"}');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const gzipped = await t.server.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const copy = await t.server.inject({ method: 'GET', url: '/manifest.webmanifest.gz' });
    expect(copy.statusCode).toBe(404);
    expect(copy.body).not.toContain('<div id="root">');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves demo and uploaded files under /files/', async () => {
    fs.mkdirSync(path.join(t.config.dataDir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'files', 'a.txt'), 'hello');
    const res = await t.server.inject({ method: 'GET', url: '/files/a.txt' });
    expect(res.body).toBe('hello');
    const outside = await t.server.inject({ method: 'GET', url: '/files/%2e%2e/test.sqlite' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('SQLite format');
  });

  it('serves the snapshot tree as JSON and never its .git', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/snapshot/blog/link/data' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const git = await t.server.inject({ method: 'GET', url: '/snapshot/.git/config' });
    expect(git.statusCode).toBe(404);
    expect(git.body).not.toContain('secret');
  });
});

describe('composing a server-rendered page', () => {
  const shell =
    '<html><head><meta name="description" content="Happy Sugar Life" /><title>糖果罐</title></head><body><div id="root"></div></body></html>';

  it("puts an essay page's own title and description in place, escaped", () => {
    const html = composePage(shell, {
      status: 200,
      title: '猫 & <狗> | 糖果罐',
      description: '说 "你好"',
      head: '<link rel="canonical" href="/chaos/1">',
      body: '<p>正文</p>',
    });
    expect(html).toContain('<title>猫 &amp; &lt;狗&gt; | 糖果罐</title>');
    expect(html).toContain('<meta name="description" content="说 &quot;你好&quot;">');
    expect(html).not.toContain('Happy Sugar Life');
    expect(html).toContain('<link rel="canonical" href="/chaos/1"></head>');
    expect(html).toContain('<div id="root"><p>正文</p></div>');
  });

  it('asks for a server-rendered page’s hinted chunks at low priority, its entry and a client-rendered page’s scripts as usual', () => {
    const withScripts = shell.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/client-b.js"></head>',
    );
    const pageScript = '<link rel="modulepreload" crossorigin href="/assets/chaos-c.js">';
    const served = composePage(withScripts, { status: 200, head: pageScript, body: '<p>正文</p>' });
    expect(served).toContain('<script type="module" crossorigin src="/assets/index-a.js">');
    expect(served).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/client-b.js">',
    );
    expect(served).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chaos-c.js">',
    );
    const drawn = composePage(withScripts, { status: 200, head: pageScript, body: '' });
    expect(drawn).not.toContain('fetchpriority');
    expect(drawn).toContain(pageScript);
  });

  it("keeps the site's title and description for a page without its own", () => {
    const html = composePage(shell, { status: 200, head: '', body: '' });
    expect(html).toContain('<title>糖果罐</title>');
    expect(html).toContain('content="Happy Sugar Life"');
  });
});
