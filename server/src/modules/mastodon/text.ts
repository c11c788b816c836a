const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A moment's plain text as a status's HTML: paragraphs at blank lines, `<br>` at single breaks. */
export const plainTextHtml = (text: string): string =>
  text
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Whether a status's text opens with a Markdown heading (`# …` … `###### …`): it is an essay. */
export const startsWithHeading = (text: string): boolean => /^\s*#{1,6}[ \t]+\S/.test(text);

/**
 * The text a post keeps for a status with a content warning: the site has none of its own, so the
 * warning becomes the post's first line, marked, and the reader sees it before the rest.
 */
export const withWarning = (text: string, warning: string): string =>
  warning.trim() === '' ? text : `⚠️ ${warning.trim()}\n\n${text}`;

/** Markdown for pictures appended to an essay, each with its alt text. */
export const pictureMarkdown = (pictures: readonly { url: string; alt: string | null }[]): string =>
  pictures.map((p) => `![${(p.alt ?? '').replace(/[[\]\n]/g, ' ')}](${p.url})`).join('\n\n');
