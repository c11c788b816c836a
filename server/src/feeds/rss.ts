import { languages } from '@candy/contract/languages';
import type { Config } from '../config.ts';
import { type FeedEssay, feedPath } from './feedEssay.ts';
import { xmlText } from './xml.ts';

/**
 * RSS 2.0 with each essay whole in `content:encoded` (the RSS content module, issue 41.13): the
 * description stays the plain excerpt readers show in a list.
 */
export const renderRss = (origin: string, config: Config, essays: FeedEssay[]): string => {
  const items = essays.map((essay) =>
    [
      '    <item>',
      `      <title>${xmlText(essay.title)}</title>`,
      `      <link>${xmlText(essay.url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(essay.url)}</guid>`,
      `      <pubDate>${new Date(essay.published).toUTCString()}</pubDate>`,
      `      <description>${xmlText(essay.excerpt)}</description>`,
      `      <content:encoded>${xmlText(essay.html)}</content:encoded>`,
      '    </item>',
    ].join('\n'),
  );
  const updated = essays[0]?.updated ?? Date.now();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${xmlText(config.siteTitle)}</title>`,
    `    <link>${xmlText(`${origin}/chaos`)}</link>`,
    '    <description>Happy Sugar Life</description>',
    // The site's language (SITE_LANGUAGE, issue 44): the essays are written in it, whoever reads.
    `    <language>${languages[config.siteLanguage].intl}</language>`,
    `    <lastBuildDate>${new Date(updated).toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${xmlText(`${origin}${feedPath}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
};
