import TurndownService from 'turndown';
import type { ImportedPicture } from './types.ts';

/**
 * HTML → our Markdown for every importer that reads HTML (WordPress, Ghost…). Scripts, styles, forms
 * and embeds are dropped (nothing executes from imported HTML; the essay renderer sanitises again),
 * iframes become a link to what they embedded, and every `<img>` is listed so its picture comes along.
 */
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
turndown.remove(['script', 'style', 'noscript', 'form', 'input', 'button', 'select', 'textarea', 'object']);
turndown.addRule('embed', {
  filter: ['iframe', 'embed', 'video', 'audio'],
  replacement: (_content, node) => {
    const src = (node as unknown as { getAttribute(name: string): string | null }).getAttribute('src') ?? '';
    return /^https?:\/\//i.test(src) ? `\n\n[${src}](${src})\n\n` : '';
  },
});

/** Absolute `src` of the `<img>` tags in `html`, in order (relative ones resolved against `base`). */
export const imagesIn = (markdown: string): string[] =>
  [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);

export const htmlToMarkdown = (html: string): string => turndown.turndown(html).trim();

/** The pictures a Markdown text shows, each with its absolute URL when it has one. */
export const picturesOf = (markdown: string, base?: string): ImportedPicture[] => {
  const seen = new Set<string>();
  const pictures: ImportedPicture[] = [];
  for (const ref of imagesIn(markdown)) {
    if (seen.has(ref) || ref.startsWith('data:')) continue;
    seen.add(ref);
    let url: string | undefined;
    try {
      url = new URL(ref, base).href;
    } catch {
      url = undefined;
    }
    pictures.push(url && /^https?:/.test(url) ? { ref, url } : { ref });
  }
  return pictures;
};
