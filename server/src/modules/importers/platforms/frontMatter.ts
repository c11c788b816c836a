import matter from 'gray-matter';
import { parseToml } from './tomlFrontMatter.ts';

export interface FrontMatterFile {
  data: Record<string, unknown>;
  content: string;
}

/**
 * Splits a Markdown file into its front matter and body: YAML between `---` (all three generators),
 * TOML between `+++` (Hugo), and Hexo's own form where the YAML has no opening `---` at all
 * (`title: x\ndate: y\n---\nbody`, as in hexo-theme-unit-test). Options are always passed so
 * gray-matter skips its cache, which hands back one shared object per identical input.
 */
export function readFrontMatter(source: string, hexoLoose = false): FrontMatterFile {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (text.startsWith('+++')) {
    const file = matter(text, {
      delimiters: '+++',
      language: 'toml',
      engines: { toml: (body: string) => parseToml(body) },
    });
    return { data: { ...file.data }, content: file.content };
  }
  const loose = hexoLoose && !text.startsWith('---') && /^-{3,}\s*$/m.test(text);
  const file = matter(loose ? `---\n${text}` : text, { excerpt: false });
  return { data: { ...file.data }, content: file.content };
}
