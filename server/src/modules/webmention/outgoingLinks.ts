/** An essay links to at most this many pages that are sent a Webmention. */
const MAX_LINKS = 50;

/** A URL in Markdown: stops at whitespace, brackets, quotes and angle brackets. */
const URL_IN_TEXT = /https?:\/\/[^\s<>()[\]"'`]+/gi;
/** Sentence punctuation and emphasis marks that end a bare URL in text are not part of it. */
const TRAILING = /[.,;:!?*_~]+$/;

/**
 * The pages an essay's Markdown links to: every http(s) address in it (inline links, autolinks and
 * bare URLs alike), normalised, once each, in order, leaving out our own site's pages.
 */
export const outgoingLinks = (markdown: string, ownOrigin: string): string[] => {
  const found = new Set<string>();
  for (const [match] of markdown.matchAll(URL_IN_TEXT)) {
    const url = URL.parse(match.replace(TRAILING, ''));
    if (!url || url.origin === ownOrigin) continue;
    url.hash = '';
    found.add(url.toString());
    if (found.size >= MAX_LINKS) break;
  }
  return [...found];
};
