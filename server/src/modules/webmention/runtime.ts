/**
 * What reading a remote page needs (parse5 and a microformats parser, ≈ 0.5 MB of code and 1 MB of
 * heap once loaded): imported on the first verification or discovery, never at start (issue 39:
 * idle memory). The build puts it in a file of its own, `webmentionRuntime.js` (scripts/build.mjs),
 * so the server's bundle does not carry it either. Only pure functions live here: a second copy of
 * anything with state or classes would not be the server's.
 */
export { firstRelLink, linksTo } from './html.ts';
export { readMention } from './mention.ts';
