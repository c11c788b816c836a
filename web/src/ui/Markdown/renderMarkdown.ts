import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { musicSlotAttribute, videoKindAttribute, videoSlotAttribute } from './musicSlot.ts';
import { sanitizeHtml } from './sanitize.ts';

const musicBlock: TokenizerAndRendererExtension = {
  name: 'music',
  level: 'block',
  start: (src) => /^\[music:\d/m.exec(src)?.index,
  tokenizer(src) {
    const match = /^\[music:(\d{1,20})\][ \t]*(?:\n+|$)/.exec(src);
    return match ? { type: 'music', raw: match[0], id: match[1] } : undefined;
  },
  renderer: (token: Tokens.Generic) =>
    `<div class="music-slot" ${musicSlotAttribute}="${String(token.id)}"></div>\n`,
};

/** `[video:<id>]` (a clip) and `[collection:<id>]` (a playlist), each on a line of its own. */
const videoBlock: TokenizerAndRendererExtension = {
  name: 'videoEmbed',
  level: 'block',
  start: (src) => /^\[(?:video|collection):\d/m.exec(src)?.index,
  tokenizer(src) {
    const match = /^\[(video|collection):(\d{1,10})\][ \t]*(?:\n+|$)/.exec(src);
    return match ? { type: 'videoEmbed', raw: match[0], kind: match[1], id: match[2] } : undefined;
  },
  renderer: (token: Tokens.Generic) =>
    `<div class="video-slot" ${videoKindAttribute}="${String(token.kind)}" ${videoSlotAttribute}="${String(token.id)}"></div>\n`,
};

// Short posts are written with single line breaks meaning line breaks.
const marked = new Marked({ gfm: true, breaks: true, extensions: [musicBlock, videoBlock] });

/** Markdown to HTML as written: raw HTML passes through. Never put this into the DOM unsanitised. */
export const markdownToUnsafeHtml = (source: string): string => marked.parse(source, { async: false });

/**
 * Markdown to HTML that is safe to put into the DOM: marked renders it (raw HTML included, as
 * markdown allows), then DOMPurify removes scripts, event handlers and `javascript:` URLs.
 */
export const renderMarkdown = (source: string): string => sanitizeHtml(markdownToUnsafeHtml(source));
