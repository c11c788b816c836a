import type { Probe } from './openapiProbe.ts';

const wxr = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>https://old.example</wp:base_blog_url>
<item><title>搬家</title><link>https://old.example/2019/05/moving/</link>
<content:encoded><![CDATA[<p>Hello</p>]]></content:encoded><wp:post_id>3</wp:post_id>
<wp:post_date_gmt>2019-05-04 10:00:00</wp:post_date_gmt><wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type><wp:post_password></wp:post_password></item></channel></rss>`;

const form = (fields: Record<string, string>, data: string) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([data], { type: 'text/xml' }), 'export.xml');
  return body;
};

/**
 * Moving in (issue 27): a small WXR uploaded and previewed, applied, the imports and the redirects
 * listed; a file that is not WXR, an unknown platform, unknown ids and visitors refused.
 */
export const imports = async (api: Probe) => {
  const job = await api.ok('importUpload', { form: form({ platform: 'wordpress' }, wxr) });
  await api.fails('importUpload', { form: form({ platform: 'wordpress' }, '<rss/>') }, 400);
  await api.fails('importUpload', { form: form({ platform: 'blogger' }, wxr) }, 400);
  await api.fails('importUpload', { json: {} }, 415);
  await api.fails('importUpload', { form: form({ platform: 'wordpress' }, wxr), as: 'visitor' }, 401);
  await api.ok('importJobs');
  await api.ok('importJob', { params: { id: job.id } });
  await api.fails('importJob', { params: { id: 999_999 } }, 404);
  await api.ok('importApply', { params: { id: job.id } });
  await api.fails('importApply', { params: { id: 999_999 } }, 404);
  await api.ok('importRedirects', { query: { keyword: 'moving' } });
  await api.fails('importRedirects', { query: { start: 'x' } }, 400);
  await api.fails('importRedirects', { as: 'visitor' }, 401);
};
