import type { Essay } from '@candy/contract/calls/essays';
import type { Language } from '@candy/contract/languages';
import { essayPath } from '@candy/contract/sitePaths';
import { serverText } from '../i18n/serverText.ts';
import { feedHtmlOf } from './essayHtml.ts';
import { excerptOf, titleOf } from './xml.ts';

/** Where the RSS feed is; every HTML page links it (`<link rel="alternate">`). */
export const feedPath = '/feed.xml';
/** Where the JSON Feed is (issue 41.13); announced beside the RSS feed. */
export const jsonFeedPath = '/feed.json';

/** The address of one essay: its own server-rendered page, `/chaos/12` (issue 23). */
export const essayUrl = (origin: string, id: number) => `${origin}${essayPath(id)}`;

/** One essay as both feeds show it. */
export interface FeedEssay {
  url: string;
  title: string;
  /** Plain text, for readers' lists. */
  excerpt: string;
  /** The whole essay as its page shows it, every address absolute. */
  html: string;
  published: number;
  updated: number;
}

/** `language`: the site's (SITE_LANGUAGE), the feeds' own (`<language>`), for an untitled essay's name. */
export const feedEssayOf = async (essay: Essay, origin: string, language: Language): Promise<FeedEssay> => {
  const published = essay.reservation ?? essay.createdAt;
  return {
    url: essayUrl(origin, essay.id),
    title: titleOf(essay.content, serverText(language, 'feeds.untitled', { id: essay.id })),
    excerpt: excerptOf(essay.content, 500),
    html: await feedHtmlOf(essay, origin),
    published,
    updated: Math.max(essay.updatedAt, published),
  };
};
