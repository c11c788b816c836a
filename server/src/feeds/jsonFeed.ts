import { languages } from '@candy/contract/languages';
import type { Config } from '../config.ts';
import { type FeedEssay, jsonFeedPath } from './feedEssay.ts';

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): the RSS feed's essays for JSON readers. */
export const renderJsonFeed = (origin: string, config: Config, essays: FeedEssay[]): string =>
  JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: config.siteTitle,
    home_page_url: `${origin}/chaos`,
    feed_url: `${origin}${jsonFeedPath}`,
    description: 'Happy Sugar Life',
    language: languages[config.siteLanguage].intl,
    items: essays.map((essay) => ({
      id: essay.url,
      url: essay.url,
      title: essay.title,
      content_html: essay.html,
      summary: essay.excerpt,
      date_published: new Date(essay.published).toISOString(),
      date_modified: new Date(essay.updated).toISOString(),
    })),
  });
