// The server bundle's stand-in for `readable-stream`, which @fastify/compress asks only for
// `Readable` (to wrap an iterable payload with `Readable.from`). readable-stream is a copy of
// Node's streams for old runtimes and browsers: 79 kB of source the bundle carried into every
// server's heap (issue 39: idle memory). Node's own streams have the same `Readable`.
export { Readable } from 'node:stream';
