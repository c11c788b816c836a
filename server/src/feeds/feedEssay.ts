import type { Essay } from '@candy/contract/calls/essays';
import { essayPath } from '@candy/contract/sitePaths';
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

export const feedEssayOf = async (essay: Essay, origin: string): Promise<FeedEssay> => {
  const published = essay.reservation ?? essay.createdAt;
  return {
    url: essayUrl(origin, essay.id),
    title: titleOf(essay.content, `随笔 #${essay.id}`),
    excerpt: excerptOf(essay.content, 500),
    html: await feedHtmlOf(essay, origin),
    published,
    updated: Math.max(essay.updatedAt, published),
  };
};
