import type { PictureMap } from '@candy/contract/pictureMarkup';
import { essayIdOfPath, essayPath } from '@candy/contract/sitePaths';
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
  /** The site's origin as the visitor sees it (`https://example.com`). */
  origin: string;
  pathname: string;
  /** The answers the page was rendered with (`about`, `essay:N`). */
  reads: Record<string, unknown>;
  /** The site's picture for pages without one of their own (absolute). */
  defaultImage?: ShareImage | undefined;
}

/** Page titles of the share previews (the app's route titles). */
const pageTitles: Record<string, string> = {
  '/chaos': '随笔',
  '/about': '关于',
  '/pastel-memories': '追番',
  '/moments': '朋友圈',
  '/waifu': '老婆',
  '/contract': '契约',
  '/utils/index': '工具箱',
  '/utils/merge-image': '长截图拼接',
  '/utils/oplus-log-decrypt': '日志解密',
  '/utils/qrcode-decode': '二维码识别',
};

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

export const pageHeadOf = ({ site, origin, pathname, reads, defaultImage }: PageHeadInput): PageHead => {
  const id = essayIdOfPath(pathname);
  if (id !== null) {
    const essay = reads[`essay:${id}`] as Pictured | null | undefined;
    if (!essay) {
      return {
        status: 404,
        title: `随笔不存在 | ${site}`,
        tags: '<meta name="robots" content="noindex">',
      };
    }
    const url = `${origin}${essayPath(id)}`;
    const title = markdownTitle(essay.content) || '随笔';
    const description = markdownPreview(essay.content) || site;
    return {
      status: 200,
      title: `${title} | ${site}`,
      description,
      tags:
        canonical(url) +
        shareMetaTags({
          site,
          type: 'article',
          title,
          description,
          url,
          image: markdownImage(essay.content, origin, essay.pictures) ?? defaultImage,
        }),
    };
  }
  const about = reads.about as { content: string } | undefined;
  const description = (about && markdownPreview(about.content)) || `${site}：随笔、追番、朋友圈与小工具`;
  const url = `${origin}${pathname}`;
  return {
    status: 200,
    tags:
      canonical(url) +
      shareMetaTags({
        site,
        type: 'website',
        title: pathname === '/home' ? site : `${pageTitles[pathname] ?? ''} · ${site}`,
        description,
        url,
        image: pagePicture(pathname, reads, origin) ?? defaultImage,
      }),
  };
};
