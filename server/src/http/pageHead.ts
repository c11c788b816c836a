import type { Language } from '@candy/contract/languages';
import type { PictureMap } from '@candy/contract/pictureMarkup';
import { essayIdOfPath, essayPath } from '@candy/contract/sitePaths';
import { serverText } from '../i18n/serverText.ts';
import { htmlLangOf } from './pageLanguage.ts';
import {
  markdownImage,
  markdownPreview,
  markdownTitle,
  type ShareImage,
  shareImageOf,
  shareMetaTags,
} from './shareMeta.ts';

/**
 * What a server-rendered page says about itself beyond its markup (issues 17 and 23): its
 * `<title>`, meta description, canonical address, share tags and HTTP status. An essay page
 * (`/chaos/N`) describes its essay; one a visitor may not read is a 404 that search engines skip.
 */
export interface PageHead {
  status: number;
  /** The whole `<title>` text; undefined keeps the site's. */
  title?: string;
  /** The meta description; undefined keeps index.html's. */
  description?: string;
  /** Tags for `<head>`: canonical link, robots, share tags. */
  tags: string;
}

export interface PageHeadInput {
  site: string;
  /** The reader's language (issue 44) and the languages the site offers (`hreflang` alternates). */
  language: Language;
  languages: readonly Language[];
  /** The site's origin as the visitor sees it (`https://example.com`). */
  origin: string;
  pathname: string;
  /** The answers the page was rendered with (`about`, `essay:N`). */
  reads: Record<string, unknown>;
  /** The site's picture for pages without one of their own (absolute). */
  defaultImage?: ShareImage | undefined;
}

/** Pages with a share preview title of their own (`page.<path>` in the server catalogue). */
const titledPages = new Set([
  '/chaos',
  '/about',
  '/pastel-memories',
  '/moments',
  '/waifu',
  '/contract',
  '/utils/index',
  '/utils/merge-image',
  '/utils/oplus-log-decrypt',
  '/utils/qrcode-decode',
]);

/**
 * `hreflang` alternates (issue 44): the same address in each offered language (`?lang=`), and the
 * plain one as `x-default`, where the server picks by the reader's browser.
 */
const alternates = (url: string, languages: readonly Language[]): string =>
  languages.length < 2
    ? ''
    : languages
        .map(
          (l) => `<link rel="alternate" hreflang="${htmlLangOf(l)}" href="${attribute(`${url}?lang=${l}`)}">`,
        )
        .join('') + `<link rel="alternate" hreflang="x-default" href="${attribute(url)}">`;

type Pictured = { content: string; pictures?: PictureMap };

/**
 * The first picture a page shows, from the answers it was rendered with: the first essay of the
 * list with one, the about page's, the first anime cover. Dark pages (moments, the gallery) have
 * none: their pictures are not for every visitor.
 */
const pagePicture = (pathname: string, reads: Record<string, unknown>, origin: string) => {
  if (pathname === '/chaos') {
    const essays = (reads.essayList as { list?: Pictured[] } | undefined)?.list ?? [];
    for (const essay of essays) {
      const image = markdownImage(essay.content, origin, essay.pictures);
      if (image) return image;
    }
  } else if (pathname === '/about') {
    const about = reads.about as Pictured | undefined;
    return about && markdownImage(about.content, origin, about.pictures);
  } else if (pathname === '/pastel-memories') {
    const list = reads.bangumiList as { cover: string; pictures?: PictureMap }[] | undefined;
    const entry = list?.find((item) => item.cover);
    return entry && shareImageOf(entry.cover, entry.pictures, origin);
  }
  return undefined;
};

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const canonical = (url: string) => `<link rel="canonical" href="${attribute(url)}">`;

export const pageHeadOf = ({
  site,
  language,
  languages,
  origin,
  pathname,
  reads,
  defaultImage,
}: PageHeadInput): PageHead => {
  const text = (key: string, values?: Record<string, unknown>) => serverText(language, key, values);
  const locale = htmlLangOf(language).replace('-', '_');
  const id = essayIdOfPath(pathname);
  if (id !== null) {
    const essay = reads[`essay:${id}`] as Pictured | null | undefined;
    if (!essay) {
      return {
        status: 404,
        title: `${text('page.essayMissing')} | ${site}`,
        tags: '<meta name="robots" content="noindex">',
      };
    }
    const url = `${origin}${essayPath(id)}`;
    const title = markdownTitle(essay.content) || text('page.chaos');
    const description = markdownPreview(essay.content) || site;
    return {
      status: 200,
      title: `${title} | ${site}`,
      description,
      tags:
        canonical(url) +
        alternates(url, languages) +
        shareMetaTags({
          site,
          locale,
          type: 'article',
          title,
          description,
          url,
          image: markdownImage(essay.content, origin, essay.pictures) ?? defaultImage,
        }),
    };
  }
  const about = reads.about as { content: string } | undefined;
  const description = (about && markdownPreview(about.content)) || text('page.siteDescription', { site });
  const url = `${origin}${pathname}`;
  return {
    status: 200,
    tags:
      canonical(url) +
      alternates(url, languages) +
      shareMetaTags({
        site,
        locale,
        type: 'website',
        title:
          pathname === '/home' || !titledPages.has(pathname)
            ? site
            : `${text(`page.${pathname.slice(1)}`)} · ${site}`,
        description,
        url,
        image: pagePicture(pathname, reads, origin) ?? defaultImage,
      }),
  };
};
