import { commentMaxLength } from '@candy/contract/calls/comments';
import type sanitizeHtmlType from 'sanitize-html';

// Loaded with the first remote comment, not at start: most sites never receive one.
let loading: Promise<typeof sanitizeHtmlType> | null = null;
const loadSanitizer = () => {
  loading ??= import('sanitize-html').then((module) => module.default);
  return loading;
};

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * A remote comment's HTML (a fediverse reply, a Webmention's content) as comment text. Every comment
 * is plain text shown escaped, with its links linked (CommentText): the same rule holds for remote
 * ones, so no tag or attribute a remote server sends ever reaches our pages. Paragraphs and line
 * breaks become new lines; scripts and styles go with their text; entities are decoded once (the
 * page escapes again); the result is cut to a comment's length.
 */
export const remoteHtmlToText = async (html: string): Promise<string> => {
  const sanitizeHtml = await loadSanitizer();
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p\s*>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<\/(p|div|li|blockquote|h[1-6])\s*>/gi, '\n');
  const escaped = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title'],
  });
  const text = escaped
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > commentMaxLength ? `${text.slice(0, commentMaxLength - 1)}…` : text;
};

/** A display name from elsewhere: one line, no markup, at most 64 characters. */
export const remoteNameOf = async (name: string): Promise<string> => {
  const text = (await remoteHtmlToText(name)).replace(/\s+/g, ' ');
  return text.length > 64 ? `${text.slice(0, 63)}…` : text;
};

/** Only http(s) addresses are kept for links and avatars; anything else (javascript:, data:) is dropped. */
export const safeUrlOf = (value: string | null | undefined): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && value.length <= 2000 ? url.href : null;
  } catch {
    return null;
  }
};
