import type { MarkdownOptions } from '@candy/contract/markdownHtml';
import type sanitizeHtmlType from 'sanitize-html';

/**
 * Markdown to safe HTML on the server: the shared marked configuration (contract/src/markdownHtml.ts)
 * and sanitize-html doing what the browser's DOMPurify does. The first pages (serverRender.ts) and
 * the feeds (feeds/) both render essays with it, so neither drifts from what the page shows.
 */

/** An http(s) link to another host than the page's: opened in a new tab (as the client does). */
const isExternal = (href: string, host: string): boolean => {
  try {
    const url = new URL(href, `http://${host}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== host;
  } catch {
    return false;
  }
};

/**
 * The server's DOMPurify: what DOMPurify keeps of marked's output (tags, `class`, data attributes,
 * safe URLs) and the client's hooks (`rel="noopener"`, `target="_blank"` off-site, lazy images).
 */
export const sanitizeMarkdownHtml = (
  sanitizeHtml: typeof sanitizeHtmlType,
  html: string,
  host: string,
): string =>
  sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'del',
      'ins',
      'input',
      'details',
      'summary',
      'span',
      'h1',
      'h2',
      'sup',
      'sub',
    ],
    allowedAttributes: {
      '*': ['class', 'id', 'title', 'lang', 'dir', 'data-*'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      input: ['type', 'checked', 'disabled'],
      ol: ['start'],
      th: ['align'],
      td: ['align'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: true,
    transformTags: {
      a: (tagName, attribs) => {
        const next: Record<string, string> = { ...attribs, rel: 'noopener' };
        delete next.target;
        if (attribs.href && isExternal(attribs.href, host)) next.target = '_blank';
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });

type ToHtml = (source: string, options?: MarkdownOptions) => string;
let loading: Promise<{ toHtml: ToHtml; sanitizeHtml: typeof sanitizeHtmlType }> | null = null;
/** marked and sanitize-html load with the first essay rendered, not at start: an idle server stays small. */
const load = () => {
  loading ??= Promise.all([import('@candy/contract/markdownHtml'), import('sanitize-html')]).then(
    ([markdown, sanitize]) => ({ toHtml: markdown.markdownToUnsafeHtml, sanitizeHtml: sanitize.default }),
  );
  return loading;
};

/**
 * An essay's Markdown as the page shows it (before its pictures are upgraded), for a page on `host`;
 * `topHeading` as the client's renderer takes it (an essay's page has its own `<h1>`, issue 41.12).
 */
export const markdownToSafeHtml = async (
  source: string,
  host: string,
  options: MarkdownOptions = {},
): Promise<string> => {
  const { toHtml, sanitizeHtml } = await load();
  return sanitizeMarkdownHtml(sanitizeHtml, toHtml(source, options), host);
};
