import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { musicSlotAttribute, videoKindAttribute, videoSlotAttribute } from './markdownSlots.ts';

/**
 * The one Markdown configuration (issue 41.13): the browser's renderer, the server's first pages
 * and the feeds all turn an essay into HTML with it, so a feed reader gets what the page shows.
 */

export { musicSlotAttribute, videoKindAttribute, videoSlotAttribute };

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

export interface MarkdownOptions {
  /**
   * The level a text's `#` heading becomes. An essay is shown inside a page that has its own
   * `<h1>` (issue 41.12: one per page), so its headings start at 2; the about page's text is the
   * page itself and keeps its `#` as the page's `<h1>`.
   */
  topHeading?: 1 | 2;
}

// Short posts are written with single line breaks meaning line breaks.
const settings = { gfm: true, breaks: true, extensions: [musicBlock, videoBlock] };
const marked = new Marked(settings);
const markedOneLevelDown = new Marked(settings, {
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + 1);
  },
});

/** Markdown to HTML as written: raw HTML passes through. Never show this unsanitised. */
export const markdownToUnsafeHtml = (source: string, options: MarkdownOptions = {}): string =>
  (options.topHeading === 2 ? markedOneLevelDown : marked).parse(source, { async: false });
