/**
 * Plain text of an essay's Markdown for titles and previews: the server's `<title>`, meta
 * description and share tags, and the client's document title of an essay page (issue 23), alike.
 */

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
