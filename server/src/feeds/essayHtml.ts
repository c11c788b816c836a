import type { PictureInfo, PictureMap } from '@candy/contract/picture';
import { markdownToSafeHtml } from '../http/markdownHtml.ts';

/**
 * An essay's full HTML for a feed (issue 41.13): the page's own Markdown pipeline, then every
 * address made absolute, since a feed reader shows it away from the site. Our pictures point at
 * one of their resized copies (a reader shows a plain `<img>`; `<picture>` sources are often
 * stripped), with their size.
 */

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const unescapeAttribute = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The copy a reader gets: the page's `<img>` fallback width (960 px or the largest made). */
const copyOf = (src: string, info: PictureInfo): string => {
  if (!info.base || !info.fallback || info.widths.length === 0) return src;
  const width = info.widths.find((w) => w >= 960) ?? info.widths.at(-1);
  return `${info.base}${width}.${info.fallback}`;
};

/** `/files/x.png` → `https://site/files/x.png`; other addresses (`https:`, `mailto:`, `#top`) kept. */
const absolute = (url: string, origin: string): string =>
  url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;

export const feedHtmlOf = async (
  essay: { content: string; pictures?: PictureMap | undefined },
  origin: string,
): Promise<string> => {
  const html = await markdownToSafeHtml(essay.content, new URL(origin).host);
  const pictures = essay.pictures ?? {};
  return html
    .replace(/<img\s[^>]*>/g, (tag) => {
      const attribute = (name: string) => {
        const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
        return value === undefined ? undefined : unescapeAttribute(value);
      };
      const src = attribute('src');
      const info = src === undefined ? undefined : pictures[src];
      if (src === undefined || !info) return tag;
      const title = attribute('title');
      return [
        `<img src="${escapeAttribute(copyOf(src, info))}"`,
        ` alt="${escapeAttribute(attribute('alt') ?? '')}"`,
        title === undefined ? '' : ` title="${escapeAttribute(title)}"`,
        ` width="${info.width}" height="${info.height}">`,
      ].join('');
    })
    .replace(
      /\s(href|src)="([^"]*)"/g,
      (_, name: string, url: string) => ` ${name}="${absolute(url, origin)}"`,
    );
};
