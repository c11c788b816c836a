import type { Essay } from '@candy/contract/calls/essays';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { essayUrl, feedEssayOf, feedPath, jsonFeedPath } from './feedEssay.ts';
import { renderJsonFeed } from './jsonFeed.ts';
import { renderRss } from './rss.ts';
import { xmlText } from './xml.ts';

export { feedPath, jsonFeedPath };

export interface FeedSource {
  /** Every essay a visitor may read now, newest first (hidden and reserved never included). */
  visibleEssays: () => Promise<Essay[]>;
  /** The newest `count` of them with their pictures (resized copies), as a feed shows them whole. */
  feedEssays: (count: number) => Promise<Essay[]>;
}

/** How many essays the feeds hold, newest first. */
export const FEED_SIZE = 20;
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

/**
 * `/feed.xml` (RSS 2.0), `/feed.json` (JSON Feed 1.1, issue 41.13), `/sitemap.xml` and
 * `/robots.txt` (issue 17).
 */
export const registerFeeds = (app: FastifyInstance, config: Config, source: FeedSource): void => {
  const feedEssays = async (origin: string) =>
    Promise.all(
      (await source.feedEssays(FEED_SIZE)).map((essay) => feedEssayOf(essay, origin, config.siteLanguage)),
    );
  app.get(feedPath, async (req, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderRss(originOf(req), config, await feedEssays(originOf(req)))),
  );
  app.get(jsonFeedPath, async (req, reply) =>
    reply
      .type('application/feed+json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderJsonFeed(originOf(req), config, await feedEssays(originOf(req)))),
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
