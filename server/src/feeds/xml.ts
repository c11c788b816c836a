/** Text and attribute values for XML: the five special characters escaped, control characters dropped. */
export const xmlText = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** An essay's title: its first non-empty line without Markdown heading marks. */
export const titleOf = (markdown: string, fallback: string): string => {
  const line = markdown.split('\n').find((l) => l.trim() !== '') ?? '';
  const text = line
    .replace(/^#+\s*/, '')
    .replace(/[*_`~]|!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
  return (text || fallback).slice(0, 100);
};

/** A plain-text excerpt of Markdown: images, links and marks reduced to their words. */
export const excerptOf = (markdown: string, length = 200): string => {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[(music|video|collection):\d+\]/g, ' ')
    .replace(/^#+\s*/gm, '')
    .replace(/[*_`>~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length)}…` : text;
};
