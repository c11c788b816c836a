/**
 * Share previews (issue 17): Open Graph and Twitter card tags for the server-rendered pages. An
 * essay's share address is `/chaos?id=N` (a `#N` never reaches the server); its preview is the
 * essay's first lines and first picture. Only what a visitor may read is ever described.
 */

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

/** Cuts text at `max` characters (code points, so a CJK character or an emote is never split). */
const cut = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

/**
 * The readable first lines of Markdown: pictures, links' addresses, code fences, emphasis marks,
 * headings' hashes and HTML dropped; whitespace collapsed.
 */
export const markdownPreview = (source: string, max = 120): string => {
  const text = source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(text, max);
};

/** The essay's own title: its first heading, else its first line (essays have no title field). */
export const markdownTitle = (source: string, max = 60): string => {
  const heading = /^\s{0,3}#{1,6}\s+(.+)$/m.exec(source)?.[1];
  return markdownPreview(heading ?? source.split('\n').find((line) => line.trim()) ?? '', max);
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
