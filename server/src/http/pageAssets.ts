import fs from 'node:fs';
import path from 'node:path';
import { inlineStylesheet } from './inlineStyles.ts';

/** The tags that bring a page's built stylesheets and scripts (Vite's manifest) into its HTML. */

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The page chunk's stylesheets, written in (so the server's markup is styled from the first paint,
 * without waiting for a file or for the page's JavaScript) and its JavaScript as modulepreload hints (the client loads
 * the page before hydrating).
 */
export const assetTagsOf = (
  manifest: Record<string, ManifestChunk>,
  entry: string,
  webDist: string,
): string => {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, top: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (key === 'index.html') return; // the entry's own tags are in index.html already
    if (!top || chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
  };
  visit(entry, true);
  return [
    ...[...css].map(
      (file) =>
        inlineStylesheet(webDist, `/${file}`) ?? `<link rel="stylesheet" crossorigin href="/${file}">`,
    ),
    ...[...js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
};

/**
 * A client-rendered public page's stylesheets and scripts, hinted from the HTML as a server-rendered
 * page's are (issue 30): they download beside the entry instead of after it, and Vite's loader,
 * finding them in the document, adds no `<link>`s of its own while the page starts (on /moments a
 * phone spent ≈ 40 ms of its first render's task appending them). The page's chunk comes from
 * `.vite/page-chunks.json` (web/vite.config.ts), since the manifest names a chunk only by its facade.
 */
export const clientPageAssetTags = (webDist: string, manifest: Record<string, ManifestChunk>) => {
  const file = path.join(webDist, '.vite', 'page-chunks.json');
  const chunks = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const tags = new Map<string, string>();
  return (page: string): string => {
    const known = tags.get(page);
    if (known !== undefined) return known;
    const module = page.startsWith('/utils/')
      ? `src/pages${page}/index.tsx`
      : `src/pages/public${page}/index.tsx`;
    const chunk = chunks[module];
    const key = chunk === undefined ? undefined : keyOfFile.get(chunk);
    const made = key === undefined ? '' : assetTagsOf(manifest, key, webDist);
    tags.set(page, made);
    return made;
  };
};
