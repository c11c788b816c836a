import matter from 'gray-matter';
import { type Message, said } from '../../../i18n/said.ts';
import { ImportFormatError, type ImportInput, type ImportPlatform } from '../types.ts';
import { parseToml } from './tomlFrontMatter.ts';

/**
 * A static site's source folder as the pipeline hands it over: archive paths, maybe all under one top
 * folder (`my-blog/source/_posts/…`). We find the site root by a folder only that generator has and
 * give the parsers site-relative paths.
 */
export interface SiteFolder {
  files: Map<string, Uint8Array>;
  text(path: string): string | undefined;
}

const decoder = new TextDecoder();

export function openSite(
  input: ImportInput,
  platform: ImportPlatform,
  marker: string,
  what: Message,
): SiteFolder {
  if (input.kind !== 'archive') {
    throw new ImportFormatError(platform, said('error.importers.siteArchive', { what }));
  }
  let root: string | undefined;
  for (const path of input.files.keys()) {
    const at = `/${path}`.indexOf(`/${marker}`);
    if (at < 0) continue;
    const prefix = path.slice(0, at);
    // The shortest prefix is the site root; a theme's or a nested copy's folders sit deeper.
    if (root === undefined || prefix.length < root.length) root = prefix;
  }
  if (root === undefined)
    throw new ImportFormatError(platform, said('error.importers.siteMissing', { what }));
  const files = new Map<string, Uint8Array>();
  for (const [path, bytes] of input.files) {
    if (path.startsWith(root)) files.set(path.slice(root.length), bytes);
  }
  return {
    files,
    text: (path) => {
      const bytes = files.get(path);
      return bytes ? decoder.decode(bytes) : undefined;
    },
  };
}

/** The site's config file (YAML or TOML), or an empty object when it is absent or unreadable. */
export function readSiteConfig(site: SiteFolder, names: string[]): Record<string, unknown> {
  for (const name of names) {
    const source = site.text(name);
    if (source === undefined) continue;
    try {
      if (name.endsWith('.toml')) return parseToml(source);
      // A Jekyll config may itself open with `---`; gray-matter then needs no extra opening line.
      const yaml = source.replace(/^\uFEFF?---[ \t]*\r?\n/, '');
      return { ...matter(`---\n${yaml}\n---\n`, { excerpt: false }).data };
    } catch {
      return {};
    }
  }
  return {};
}

/** `a/b/../c/./d.png` → `a/c/d.png`; undefined when it climbs out of the site. */
export function normalizePath(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

export function dirname(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The file name without its extension (`posts/hello.md` → `hello`). */
export function stem(path: string): string {
  return basename(path).replace(/\.[^.]+$/, '');
}
