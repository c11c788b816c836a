// @fastify/compress asks of every answer whether it is a fetch `Response` or a web `ReadableStream`
// (`payload instanceof Response`). Naming those globals makes Node load them: the first request
// then loaded undici and the web streams, ≈ 2 MB of heap and 1 MB of external source a server kept
// for good though it never answers with either (issue 39: idle memory). The bundle asks the
// object's own tag first, which only a real one carries, and names the global only then.
import fs from 'node:fs';

/**
 * The two checks as @fastify/compress 9 writes them (lib/utils.js), and what replaces each.
 * @type {[string, string][]}
 */
const checks = [
  [
    'return obj instanceof ReadableStream',
    "return Object.prototype.toString.call(obj) === '[object ReadableStream]' && obj instanceof ReadableStream",
  ],
  [
    'return obj instanceof Response',
    "return Object.prototype.toString.call(obj) === '[object Response]' && obj instanceof Response",
  ],
];

/**
 * The utils module with both checks replaced; throws when either is not found, so an update of the
 * library that rewrote them stops the build instead of loading undici again without a word.
 * @param {string} source
 */
export const withoutFetchGlobals = (source) =>
  checks.reduce((text, [from, to]) => {
    if (!text.includes(from))
      throw new Error(`@fastify/compress no longer says "${from}": see compressWithoutFetch.mjs`);
    return text.replace(from, to);
  }, source);

/** @type {import('esbuild').Plugin} */
export const compressWithoutFetch = {
  name: 'compress-without-fetch',
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ }, (args) => ({
      contents: withoutFetchGlobals(fs.readFileSync(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
