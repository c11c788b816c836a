import type { ImportParser, ImportPlatform } from '../types.ts';
import { parseArtalk, parseDisqus, parseTwikoo, parseWaline } from './commentExports.ts';
import { parseGhost } from './ghost.ts';
import { parseHexo, parseHugo, parseJekyll } from './markdownSite.ts';
import { parseMemos } from './memos.ts';
import { parseWordpress } from './wordpress.ts';

/** Platform → its parser (issue 27): every platform the import page and `npm run import-from` offer. */
export const parsers: Record<ImportPlatform, ImportParser> = {
  wordpress: parseWordpress,
  ghost: parseGhost,
  hexo: (input) => parseHexo(input),
  hugo: (input) => parseHugo(input),
  jekyll: (input) => parseJekyll(input),
  memos: parseMemos,
  waline: parseWaline,
  twikoo: parseTwikoo,
  artalk: parseArtalk,
  disqus: parseDisqus,
};
