/**
 * Code blocks a keyboard can scroll (issue 41.8): a long line scrolls sideways on a phone, and a
 * scrolling region nobody can focus is out of reach without a pointer (axe's
 * `scrollable-region-focusable`). Each `<pre>` of sanitised Markdown HTML takes focus and is named.
 * `group`, not `region`: a page of essays with several code blocks would otherwise be full of
 * landmarks of one name. Run after sanitising, on the server and in the browser alike (as
 * `upgradePictures`), so both give the same markup.
 */
export const CODE_BLOCK_LABEL = '代码块';

export const focusableCodeBlocks = (html: string): string =>
  html.replace(/<pre(\s[^>]*)?>/g, (tag, attributes: string | undefined) =>
    /\stabindex=/.test(tag)
      ? tag
      : `<pre${attributes ?? ''} tabindex="0" role="group" aria-label="${CODE_BLOCK_LABEL}">`,
  );
