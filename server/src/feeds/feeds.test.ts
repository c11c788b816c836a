import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseJsonFeed, parseRssFeed } from 'feedsmith';
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

/** Like essay #8 of the audit (issue 41.13): a code block, our picture, a link within the site. */
const essayWithCode = [
  '# 代码与图片',
  '先看代码：',
  '```ts',
  'const jar = 1 < 2 && "糖";',
  '```',
  '![糖罐](/files/images/2026/05/feed.jpg "罐子") 与 [关于](/about)',
].join('\n');

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
      { content: essayWithCode, at: t.clock.now + 1 },
    ]);
    // A picture of ours whose resized copies are made (the image pipeline's row, issue 30).
    await t.database.db
      .insertInto('image')
      .values({
        key: 'images/2026/05/feed.jpg',
        mime: 'image/jpeg',
        width: 1600,
        height: 900,
        size: 1000,
        created_at: t.clock.now,
        variant_state: 'ready',
        variants: JSON.stringify({ widths: [320, 640, 960, 1280], fallback: 'jpg' }),
        hash: '0123456789abcdef',
        thumbhash: null,
      })
      .execute();
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

  /** What an essay's whole HTML must hold in either feed. */
  const expectWholeEssay = (html: string | undefined) => {
    expect(html).toContain('<pre><code class="language-ts">const jar = 1 &lt; 2 &amp;&amp; "糖";');
    // Our picture: its resized copy (not the original), absolute, with its size.
    expect(html).toMatch(
      /<img src="http:\/\/example\.com\/files\/[^"]+\/960\.jpg" alt="糖罐" title="罐子" width="1600" height="900">/,
    );
    expect(html).toContain('<a href="http://example.com/about" rel="noopener">关于</a>');
    expect(html).not.toMatch(/\s(src|href)="\//);
  };

  it('carries each essay whole in content:encoded, as an independent parser reads it', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/feed.xml', headers: { host: 'example.com' } });
    const feed = parseRssFeed(res.body);
    const item = feed.items?.find((i) => i.link === `http://example.com/chaos/${ids[4]}`);
    expect(item?.title).toBe('代码与图片');
    expectWholeEssay(item?.content?.encoded);
    // The plain excerpt stays the description.
    expect(item?.description).not.toContain('<');
    if (xmllint) expect(validate(res.body, 'rss-2.0.xsd')).toBe('');
  });

  it('offers the same essays as a JSON Feed 1.1', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/feed.json', headers: { host: 'example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/feed+json');
    const raw = res.json() as { version: string };
    expect(raw.version).toBe('https://jsonfeed.org/version/1.1');
    const feed = parseJsonFeed(raw);
    expect(feed.feed_url).toBe('http://example.com/feed.json');
    expect(feed.items?.map((i) => i.url)).toEqual(
      [ids[4], ids[1], ids[0]].map((id) => `http://example.com/chaos/${id}`),
    );
    const item = feed.items?.[0];
    expect(item?.title).toBe('代码与图片');
    expect(item?.date_published).toBe(new Date(t.clock.now + 1).toISOString());
    expectWholeEssay(item?.content_html);
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
