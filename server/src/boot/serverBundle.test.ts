import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { noJsonSchemas } from '../http/noJsonSchemas.ts';
import { preparedDemoFor } from '../modules/images/preparedDemo.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const read = (file: string) => fs.readFileSync(path.join(dist, file), 'utf8');
/** Which of `markers` a built file holds (a boolean each: a failure does not print 2 MB of bundle). */
const holds = (file: string, markers: string[]) => {
  const text = read(file);
  return Object.fromEntries(markers.map((marker) => [marker, text.includes(marker)]));
};
type WebmentionRuntime = typeof import('../modules/webmention/runtime.ts');

/**
 * Issue 39 (idle memory): V8 keeps the server bundle's whole source in its heap, so what a start
 * does not need stays out of `server.js` (scripts/build.mjs). Each check names code only the left
 * out part has, so it fails when that part comes back.
 */
describe('what the built server bundle leaves out', () => {
  it('Webmention’s page readers: required from webmentionRuntime.js on first need', () => {
    // A parse5 tokenizer error code: present only where parse5 is bundled.
    const parse5 = 'abandoned-head-element-child';
    expect(holds('server.js', ['require("./webmentionRuntime.js")', parse5])).toEqual({
      'require("./webmentionRuntime.js")': true,
      [parse5]: false,
    });
    expect(holds('webmentionRuntime.js', [parse5])).toEqual({ [parse5]: true });
  });

  it('the built Webmention readers work on their own', () => {
    const runtime = createRequire(import.meta.url)(
      path.join(dist, 'webmentionRuntime.js'),
    ) as WebmentionRuntime;
    const target = 'https://candy.example/chaos/12';
    const source = 'https://alice.example/notes/1';
    const html = `<!doctype html><html><head><link rel="webmention" href="/wm"></head><body>
      <div class="h-entry"><a class="p-author h-card" href="https://alice.example/">Alice</a>
      <a class="u-in-reply-to" href="${target}">t</a><p class="e-content">好文章</p></div></body></html>`;
    expect(runtime.linksTo(html, target, source)).toBe(true);
    expect(runtime.firstRelLink(html, 'webmention', source)).toBe('https://alice.example/wm');
    expect(runtime.readMention(html, source, target)).toMatchObject({
      kind: 'reply',
      authorName: 'Alice',
      authorUrl: 'https://alice.example/',
    });
  });

  it('the importers’ platform parsers: in the parse child and the command line, not the server', () => {
    // turndown (HTML to Markdown) is the parsers' own dependency: one of its error texts.
    const turndown = 'is not a string, or an element/document/fragment node.';
    const stub = 'the server parses uploads in importParse.js';
    expect(holds('server.js', [turndown, stub])).toEqual({ [turndown]: false, [stub]: true });
    expect(holds('importParse.js', [turndown])).toEqual({ [turndown]: true });
    expect(holds('cli.js', [turndown])).toEqual({ [turndown]: true });
  });

  it('Fastify’s JSON-schema compilers: never required, since app.ts gives its own', () => {
    // Fastify's own require stays (never reached); the packages' code is not bundled (an error
    // text of each: the bundle's names are minified, its texts are not).
    const markers = [
      'require("@fastify/ajv-compiler")',
      'options.loadSchema should be a function',
      'schema contains a circular object reference',
    ];
    expect(holds('server.js', markers)).toEqual({
      [markers[0] as string]: true,
      [markers[1] as string]: false,
      [markers[2] as string]: false,
    });
  });

  it('@fastify/compress looks at an answer’s tag before naming Response (compressWithoutFetch.unit.test.ts)', () => {
    const markers = ['"[object Response]"', '"[object ReadableStream]"'];
    expect(holds('server.js', markers)).toEqual({
      [markers[0] as string]: true,
      [markers[1] as string]: true,
    });
  });

  it('the server render’s bundle is minified and ASCII (V8 holds a module’s source in the heap)', () => {
    const ssr = fs.readFileSync(path.resolve(dist, '../../web/dist/.ssr/entry-server.js'), 'utf8');
    // Past U+007F esbuild writes an escape; one character past U+00FF would double the held source.
    expect(ssr.search(/[\u0080-\uffff]/)).toBe(-1);
    // Vite leaves an SSR build as written (1.58 MB); minified it is 0.68 MB.
    expect(ssr.length).toBeLessThan(1_000_000);
  });

  it('mime-db: only the types @fastify/compress may compress', () => {
    // A type mime-db knows but nothing compresses (its entry would hold `"extensions":["png"]`).
    const markers = ['"application/json":{compressible:!0}', '"image/png":{'];
    expect(holds('server.js', markers)).toEqual({
      [markers[0] as string]: true,
      [markers[1] as string]: false,
    });
  });

  it('zod: only what the code names, not its locales and JSON-schema reader', () => {
    // `import { z } from 'zod'` takes the namespace object, and with it all of zod (300 KB more
    // source, forty locales): the code writes `import * as z from 'zod'`. The marker is an error
    // text of zod's JSON-schema reader.
    const marker = 'External $ref is not supported';
    expect(holds('server.js', [marker])).toEqual({ [marker]: false });
  });

  it('a route with a JSON schema is refused, not compiled without a word', async () => {
    const app = Fastify({ schemaController: noJsonSchemas });
    app.post('/x', { schema: { body: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/zod/);
  });
});

/**
 * The build prepares the demo's pictures and copies for the bundle it made (issue 39): a fresh
 * install's first start reads them instead of drawing and copying for ≈ 8 s of CPU.
 */
describe('the demo prepared beside the built bundle', () => {
  it('is current for the built picture child, with every picture and its copies', () => {
    const prepared = preparedDemoFor(path.join(dist, 'imageVariants.js'));
    const drawn = prepared?.drawn();
    expect(drawn?.cards.map((card) => card.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `card-${i + 1}.jpg`),
    );
    expect(drawn?.photos.map((photo) => photo.name)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
    for (const picture of [...(drawn?.cards ?? []), ...(drawn?.photos ?? [])]) {
      const copies = prepared?.copiesOf(Buffer.from(picture.body), 100_000_000);
      // AVIF, WebP and JPEG at 320 and above: three files at each width.
      expect(copies?.kind === 'made' && copies.files.length % 3 === 0 && copies.files.length >= 6).toBe(true);
    }
  });
});
