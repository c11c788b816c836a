import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEssays } from '../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const xmllint = spawnSync('sh', ['-c', 'command -v xmllint']).status === 0;
// CI installs xmllint (.ci/run); there the schema checks must run, not skip.
if (!xmllint && process.env.CI === 'true')
  throw new Error('xmllint (libxml2-utils) is needed to validate the feeds');
const schemas = path.join(import.meta.dirname, 'schemas');

/** Validates a document against one of our XSDs with xmllint; answers its complaints. */
const validate = (xml: string, schema: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-xml-'));
  try {
    const file = path.join(dir, 'doc.xml');
    fs.writeFileSync(file, xml);
    const result = spawnSync('xmllint', ['--noout', '--schema', path.join(schemas, schema), file], {
      encoding: 'utf8',
    });
    return result.status === 0 ? '' : result.stderr;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describe('feeds, sitemap and robots', () => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    ids = await insertEssays(t, [
      { content: '# 第一篇 & <标题>\n正文 [music:1] ![图](/files/a.png)' },
      { content: '第二篇\u0001 带控制字符' },
      { content: '# 隐藏的\n不许出现', hide: true },
      { content: '# 定时的\n明天见', reservation: t.clock.now + 86_400_000 },
    ]);
  });
  afterAll(() => t.close());

  it('lists the visible essays in an RSS 2.0 feed that validates, hidden and reserved left out', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/feed.xml', headers: { host: 'example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<title>第一篇 &amp; &lt;标题&gt;</title>');
    // An essay's own server-rendered page (issue 23).
    expect(res.body).toContain(`<link>http://example.com/chaos/${ids[0]}</link>`);
    expect(res.body).toContain(`<guid isPermaLink="true">http://example.com/chaos/${ids[0]}</guid>`);
    expect(res.body).not.toContain('隐藏的');
    expect(res.body).not.toContain('定时的');
    if (xmllint) expect(validate(res.body, 'rss-2.0.xsd')).toBe('');
  });

  it('lists the public pages and every visible essay in a sitemap that validates', async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<loc>http://example.com/chaos</loc>');
    expect(res.body).toContain(`<loc>http://example.com/chaos/${ids[1]}</loc>`);
    expect(res.body).not.toContain(`/chaos/${ids[2]}<`);
    expect(res.body).not.toContain(`/chaos/${ids[3]}<`);
    // The tools are pages of their own (issue 23).
    for (const tool of ['index', 'merge-image', 'oplus-log-decrypt', 'qrcode-decode'])
      expect(res.body).toContain(`<loc>http://example.com/utils/${tool}</loc>`);
    expect(res.body).not.toContain('great-old-one');
    if (xmllint) expect(validate(res.body, 'sitemap.xsd')).toBe('');
  });

  it('tells crawlers to keep out of the back office and the API, and where the sitemap is', async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'example.com' },
    });
    expect(res.body).toContain('Disallow: /great-old-one');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://example.com/sitemap.xml');
  });

  it.runIf(xmllint)('the schemas catch a broken document (the validation can fail)', () => {
    expect(
      validate('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>', 'sitemap.xsd'),
    ).not.toBe('');
    expect(validate('<rss version="2.0"><channel><title>x</title></channel></rss>', 'rss-2.0.xsd')).not.toBe(
      '',
    );
  });
});
