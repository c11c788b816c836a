/**
 * Share previews (issue 17): Open Graph and Twitter card tags for the server-rendered pages. An
 * essay's address is its own page, `/chaos/N` (issue 23); its preview is the essay's first lines
 * and first picture. Only what a visitor may read is ever described.
 */

import { copyOf } from '@candy/contract/pictureCopy';
import type { PictureMap } from '@candy/contract/pictureMarkup';

export { markdownPreview, markdownTitle } from '@candy/contract/markdownText';

/** A picture of a share preview: an absolute address, and its size when known. */
export interface ShareImage {
  url: string;
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * How wide a share preview's picture should be: the size Facebook, X and the like show large
 * previews at (1200×630). The nearest pipeline copy at least this wide is taken (1280 for most).
 */
export const SHARE_IMAGE_WIDTH = 1200;

export interface SharePreview {
  /** The site's title (`og:site_name`). */
  site: string;
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** The page's picture, if it has one. */
  image?: ShareImage | undefined;
  type: 'website' | 'article';
  /** The interface language as `og:locale` (`zh_CN`, `en`), issue 44. */
  locale?: string | undefined;
}

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<meta>` tags of a preview, ready for `<head>`. */
export const shareMetaTags = (preview: SharePreview): string => {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', preview.site],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
  ];
  if (preview.locale) tags.push(['property', 'og:locale', preview.locale]);
  const { image } = preview;
  if (image) {
    tags.push(['property', 'og:image', image.url]);
    if (image.width && image.height)
      tags.push(
        ['property', 'og:image:width', String(image.width)],
        ['property', 'og:image:height', String(image.height)],
      );
    tags.push(['name', 'twitter:image', image.url]);
  }
  return tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${attribute(value)}">`).join('');
};

/** The address of the first picture of Markdown, as written. */
export const markdownImageSrc = (source: string): string | undefined =>
  /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/.exec(source)?.[1];

const absolute = (src: string, origin: string): string | undefined => {
  try {
    const url = new URL(src, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The share picture for `src`: when it is one of our pictures with copies (issue 30), its copy at
 * least 1200 wide in the original's own format (JPEG or PNG: link-preview crawlers do not all read
 * AVIF or WebP), with its size; else the picture itself, sized when we know it. Absolute.
 */
export const shareImageOf = (
  src: string | undefined,
  pictures: PictureMap | undefined,
  origin: string,
): ShareImage | undefined => {
  if (!src) return undefined;
  const info = pictures?.[src];
  const copy = info ? copyOf(info, SHARE_IMAGE_WIDTH) : null;
  if (copy) {
    const url = absolute(copy.url, origin);
    if (url) return { url, width: copy.width, height: copy.height };
  }
  const url = absolute(src, origin);
  // Link-preview crawlers show no SVG: the page's other picture (the site's) is better than none.
  if (!url || /\.svg$/i.test(new URL(url).pathname)) return undefined;
  return { url, width: info?.width, height: info?.height };
};

/** The first picture of Markdown as a share picture (see `shareImageOf`). */
export const markdownImage = (
  source: string,
  origin: string,
  pictures?: PictureMap | undefined,
): ShareImage | undefined => shareImageOf(markdownImageSrc(source), pictures, origin);
