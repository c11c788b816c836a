import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { photograph } from '../../../test/fakes/photograph.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { applyImport, uploadExport } from './importTestKit.ts';

/** A one-post WXR whose pictures live on `origin`. */
const wxrWithPictures = (origin: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>${origin}</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>${origin}</wp:base_blog_url>
<item><title>图片</title><link>${origin}/2019/05/pictures/</link><guid isPermaLink="false">${origin}/?p=7</guid>
<content:encoded><![CDATA[<p>看图：</p><p><img src="${origin}/uploads/cat.jpg" alt="猫"></p><p><img src="/uploads/missing.jpg" alt="丢了"></p>]]></content:encoded>
<wp:post_id>7</wp:post_id><wp:post_date_gmt>2019-05-04 10:00:00</wp:post_date_gmt><wp:post_name>pictures</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_password></wp:post_password></item>
</channel></rss>`);

describe('pictures of an import', () => {
  let t: TestApp;
  let oldSite: http.Server;
  let origin: string;
  let cat: Buffer;
  const requests: string[] = [];

  beforeAll(async () => {
    cat = await photograph(64, 48);
    oldSite = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/uploads/cat.jpg')
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(cat);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => oldSite.close(resolve));
  });

  it('fetches them from the old site when asked, stores them and rewrites the content; the missing one is listed', async () => {
    const uploaded = await uploadExport(t, wxrWithPictures(origin), { fetchPictures: 'true' });
    expect(uploaded.data.preview.counts.pictures).toBe(2);
    const job = await applyImport(t, uploaded.data.id);
    expect(job.report.pictures).toBe(1);
    expect(job.report.failedPictures).toEqual([
      { url: `${origin}/uploads/missing.jpg`, sourceId: '7', reason: '旧地址回答 HTTP 404' },
    ]);
    const essay = await t.database.db.selectFrom('essay').select('content').executeTakeFirstOrThrow();
    expect(essay.content).toMatch(/!\[猫\]\(\/files\/images\/\d{4}\/\d{2}\/[\w-]+\.jpg\)/);
    expect(essay.content).toContain('/uploads/missing.jpg');
    const stored = await t.database.db.selectFrom('image').selectAll().execute();
    expect(stored).toMatchObject([{ width: 64, height: 48, mime: 'image/jpeg' }]);
    const redirect = await t.server.inject({ method: 'GET', url: '/2019/05/pictures/' });
    expect(redirect.statusCode).toBe(301);
  });

  it('fetches each picture once: importing again with overwrite reuses the stored one', async () => {
    const before = requests.filter((url) => url === '/uploads/cat.jpg').length;
    const again = await uploadExport(t, wxrWithPictures(origin), {
      fetchPictures: 'true',
      overwrite: 'true',
    });
    const job = await applyImport(t, again.data.id);
    expect(job.report).toMatchObject({ created: 0, updated: 1, pictures: 0 });
    expect(requests.filter((url) => url === '/uploads/cat.jpg').length).toBe(before);
    expect(await t.database.db.selectFrom('image').select('key').execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('essay').select('id').execute()).toHaveLength(1);
  });
});

describe('pictures on a refused address', () => {
  it('are listed as failed, never fetched, when the SSRF guard refuses the host', async () => {
    const t = await createTestApp({ ownerGuard: testOwnerGuard });
    try {
      const uploaded = await uploadExport(t, wxrWithPictures('http://127.0.0.1:9'), {
        fetchPictures: 'true',
      });
      const job = await applyImport(t, uploaded.data.id);
      expect(job.report.failedPictures.map((f: { reason: string }) => f.reason)).toEqual([
        '地址被安全策略拒绝（内网或本机地址）',
        '地址被安全策略拒绝（内网或本机地址）',
      ]);
    } finally {
      await t.close();
    }
  });
});
