// The server bundle's stand-in for `readable-stream`, which @fastify/compress asks for `Readable`
// and `Transform`. readable-stream is a copy of Node's streams for old runtimes and browsers: 79 kB
// of source the bundle carried into every server's heap (issue 39: idle memory). Node's own
// streams are what it copies; all of them are passed on, so a new use in a later version still works.
export * from 'node:stream';
