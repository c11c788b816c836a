/** A piece of a comment as written: plain text, a web link, or an emote code. */
export type CommentSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string }
  | { kind: 'emote'; code: string };

// http(s) URLs, and emote codes such as `[doge]` (a short bracketed name without spaces).
const token = /https?:\/\/[^\s<>"'`]+|\[[^[\]\s]{1,24}\]/g;
// Punctuation that ends a sentence rather than the URL it follows.
const trailing = /[.,;:!?)\]}'"，。；：！？）】」』、]+$/u;

/**
 * Splits a comment into segments for rendering as React text and elements — never as HTML. Only
 * codes in `emoteCodes` become emotes; any other bracketed text stays text.
 */
export const splitCommentText = (text: string, emoteCodes: ReadonlySet<string>): CommentSegment[] => {
  const segments: CommentSegment[] = [];
  const pushText = (piece: string) => {
    if (!piece) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  let index = 0;
  for (const match of text.matchAll(token)) {
    const found = match[0];
    pushText(text.slice(index, match.index));
    index = match.index + found.length;
    if (found.startsWith('[')) {
      if (emoteCodes.has(found)) segments.push({ kind: 'emote', code: found });
      else pushText(found);
      continue;
    }
    const tail = trailing.exec(found)?.[0] ?? '';
    const href = found.slice(0, found.length - tail.length);
    if (href.length > 'https://'.length) segments.push({ kind: 'link', href });
    else pushText(href);
    pushText(tail);
  }
  pushText(text.slice(index));
  return segments;
};
