import type { Essay } from '@candy/contract/calls/essays';
import { essayPath } from '@candy/contract/sitePaths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { excerptOf, titleOf, xmlText } from './xml.ts';

export interface FeedSource {
  /** Every essay a visitor may read now, newest first (hidden and reserved never included). */
  visibleEssays: () => Promise<Essay[]>;
}

const FEED_SIZE = 20;
/** Where the RSS feed is; every HTML page links it (`<link rel="alternate">`). */
export const feedPath = '/feed.xml';
/** Public pages worth a crawler's visit (the back office and /contract never are). */
const pages = [
  '/chaos',
  '/about',
  '/pastel-memories',
  '/home',
  '/utils/index',
  '/utils/merge-image',
  '/utils/oplus-log-decrypt',
  '/utils/qrcode-decode',
];

/** The site's origin as the visitor sees it (behind a proxy: with TRUST_PROXY, its forwarded host). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The address of one essay: its own server-rendered page, `/chaos/12` (issue 23). */
export const essayUrl = (origin: string, id: number) => `${origin}${essayPath(id)}`;

export const renderRss = (origin: string, config: Config, essays: Essay[]): string => {
  const items = essays.slice(0, FEED_SIZE).map((essay) => {
    const url = essayUrl(origin, essay.id);
    const published = essay.reservation ?? essay.createdAt;
    return [
      '    <item>',
      `      <title>${xmlText(titleOf(essay.content, `随笔 #${essay.id}`))}</title>`,
      `      <link>${xmlText(url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(url)}</guid>`,
      `      <pubDate>${new Date(published).toUTCString()}</pubDate>`,
      `      <description>${xmlText(excerptOf(essay.content, 500))}</description>`,
      '    </item>',
    ].join('\n');
  });
  const updated = essays[0] ? Math.max(essays[0].updatedAt, essays[0].reservation ?? 0) : Date.now();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlText(config.siteTitle)}</title>`,
    `    <link>${xmlText(`${origin}/chaos`)}</link>`,
    '    <description>Happy Sugar Life</description>',
    '    <language>zh-CN</language>',
    `    <lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${xmlText(`${origin}${feedPath}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
};

export const renderSitemap = (origin: string, essays: Essay[]): string => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const newest = essays[0]?.updatedAt ?? Date.now();
  const urls = [
    ...pages.map((page) => ({ loc: `${origin}${page}`, lastmod: day(newest) })),
    ...essays.map((essay) => ({ loc: essayUrl(origin, essay.id), lastmod: day(essay.updatedAt) })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xmlText(u.loc)}</loc><lastmod>${u.lastmod}</lastmod></url>`),
    '</urlset>',
    '',
  ].join('\n');
};

export const renderRobots = (origin: string, config: Config): string =>
  [
    'User-agent: *',
    'Allow: /',
    // The back office, the login page and the API are nobody's business but the owner's.
    'Disallow: /great-old-one',
    'Disallow: /contract',
    `Disallow: ${config.apiBasePath}/`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

/** `/feed.xml` (RSS 2.0), `/sitemap.xml` and `/robots.txt` (issue 17). */
export const registerFeeds = (app: FastifyInstance, config: Config, source: FeedSource): void => {
  app.get(feedPath, async (req, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderRss(originOf(req), config, await source.visibleEssays())),
  );
  app.get('/sitemap.xml', async (req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(renderSitemap(originOf(req), await source.visibleEssays())),
  );
  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(renderRobots(originOf(req), config)),
  );
};
