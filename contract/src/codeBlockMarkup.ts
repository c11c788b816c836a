/**
 * Code blocks a keyboard can scroll (issue 41.8): a long line scrolls sideways on a phone, and a
 * scrolling region nobody can focus is out of reach without a pointer (axe's
 * `scrollable-region-focusable`). Each `<pre>` of sanitised Markdown HTML takes focus and is named
 * `label`, in the reader's language (`markdown.codeBlock`: 代码块, "Code block"). `group`, not
 * `region`: a page of essays with several code blocks would otherwise be full of landmarks of one
 * name. Run by the web's Markdown component on the sanitised HTML (the server's render included),
 * so the label follows the page's language while the rendered Markdown stays the same for all.
 */
export const focusableCodeBlocks = (html: string, label: string): string => {
  const name = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(/<pre(\s[^>]*)?>/g, (tag, attributes: string | undefined) =>
    /\stabindex=/.test(tag) ? tag : `<pre${attributes ?? ''} tabindex="0" role="group" aria-label="${name}">`,
  );
};
