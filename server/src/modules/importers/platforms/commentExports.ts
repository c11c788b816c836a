/** The comment-only exports; each attaches its comments to imported posts by the old page URL/path. */
export { parseArtalk } from './artalk.ts';
export { parseDisqus } from './disqus.ts';
export { parseTwikoo } from './twikoo.ts';
export { parseWaline } from './waline.ts';
