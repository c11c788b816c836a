/**
 * Share previews (issue 17): Open Graph and Twitter card tags for the server-rendered pages. An
 * essay's address is its own page, `/chaos/N` (issue 23); its preview is the essay's first lines
 * and first picture. Only what a visitor may read is ever described.
 */

export { markdownPreview, markdownTitle } from '@candy/contract/markdownText';

export interface SharePreview {
  /** The site's title (`og:site_name`). */
  site: string;
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute address of a picture, if the page has one. */
  image?: string;
  type: 'website' | 'article';
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
  if (preview.image) {
    tags.push(['property', 'og:image', preview.image], ['name', 'twitter:image', preview.image]);
  }
  return tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${attribute(value)}">`).join('');
};

/** The first picture of Markdown, made absolute against `origin`. */
export const markdownImage = (source: string, origin: string): string | undefined => {
  const src = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/.exec(source)?.[1];
  if (!src) return undefined;
  try {
    const url = new URL(src, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};
