/**
 * WordPress shortcodes and Gutenberg block markers, made readable before the HTML goes to turndown.
 * Blocks are HTML comments (`<!-- wp:paragraph -->`) around ordinary HTML: turndown drops comments
 * and keeps the HTML. Shortcodes are brackets in the text: the ones with a meaning we can carry
 * become HTML; the rest keep their inner text and are reported.
 */

export interface Attachment {
  id: string;
  url: string;
  alt: string;
  parent: string;
}

const attrsOf = (raw: string): Record<string, string> =>
  Object.fromEntries(
    [...raw.matchAll(/(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)].map((m) => [m[1], m[2] ?? m[3] ?? m[4] ?? '']),
  );

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

const selfClosing = new Set([
  'audio',
  'video',
  'playlist',
  'contact-form-7',
  'wpforms',
  'youtube',
  'tweet',
  'more',
]);

export const expandShortcodes = (
  html: string,
  postId: string,
  attachments: readonly Attachment[],
  unknown: (name: string) => void,
): string => {
  let out = html.replace(
    /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g,
    (_m, attrs: string, inner: string) => {
      const caption = attrsOf(attrs).caption ?? inner.replace(/<[^>]*>/g, '').trim();
      const image = /<img[^>]*>/.exec(inner)?.[0] ?? '';
      return `<figure>${image}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
    },
  );
  out = out.replace(/\[gallery([^\]]*)\]/g, (_m, attrs: string) => {
    const ids = attrsOf(attrs)
      .ids?.split(',')
      .map((id) => id.trim());
    const items = ids
      ? ids.flatMap((id) => attachments.filter((a) => a.id === id))
      : attachments.filter((a) => a.parent === postId);
    return items.map((a) => `<p><img src="${escapeHtml(a.url)}" alt="${escapeHtml(a.alt)}"></p>`).join('');
  });
  out = out.replace(
    /\[embed\]([^[]*)\[\/embed\]/g,
    (_m, url: string) => `<p><a href="${url}">${url}</a></p>`,
  );
  // Anything else that is a shortcode (it has a closing tag, or is a common self-closing one):
  // `[name attr]inner[/name]` keeps its inner text, `[name attr]` goes. Other brackets are prose.
  const closed = new Set(
    [...out.matchAll(/\[\/([a-z][\w-]*)\]/gi)].map((m) => (m[1] as string).toLowerCase()),
  );
  out = out.replace(/\[(\/?)([a-z][\w-]*)(?:\s[^\]]*)?\]/gi, (match, _close: string, name: string) => {
    if (!closed.has(name.toLowerCase()) && !selfClosing.has(name.toLowerCase())) return match;
    unknown(name.toLowerCase());
    return '';
  });
  return out;
};
