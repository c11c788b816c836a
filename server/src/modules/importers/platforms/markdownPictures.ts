/** A picture reference found in Markdown, exactly as written there. */
export interface PictureRef {
  ref: string;
  alt?: string;
}

// `![alt](ref "title")` and raw `<img src="ref">` (Markdown sites mix both; turndown writes the first).
const MARKDOWN_IMAGE = /!\[([^\]]*)\]\(\s*(?:<([^>]+)>|([^\s)]+))(?:\s+["'][^"']*["'])?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const HTML_ALT = /\balt\s*=\s*["']([^"']*)["']/i;

/** Every distinct picture reference in `markdown`, in order of first appearance. */
export function findPictureRefs(markdown: string): PictureRef[] {
  const found = new Map<string, PictureRef>();
  const add = (ref: string, alt: string | undefined) => {
    if (ref === '' || ref.startsWith('data:') || found.has(ref)) return;
    found.set(ref, alt ? { ref, alt } : { ref });
  };
  for (const match of markdown.matchAll(MARKDOWN_IMAGE)) add(match[2] ?? match[3] ?? '', match[1]);
  for (const match of markdown.matchAll(HTML_IMAGE)) add(match[1] ?? '', HTML_ALT.exec(match[0])?.[1]);
  return [...found.values()];
}

export function isAbsoluteUrl(ref: string): boolean {
  return /^(https?:)?\/\//i.test(ref);
}

/** `//cdn/x.png` → `https://cdn/x.png`: the pipeline fetches with a scheme. */
export function absoluteUrl(ref: string): string {
  return ref.startsWith('//') ? `https:${ref}` : ref;
}
