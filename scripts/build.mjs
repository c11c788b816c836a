#!/usr/bin/env node
// Builds what is stale: the web app (Vite) and the server bundle (esbuild). `--server` or `--web`
// limits the work; `--force` rebuilds regardless. Each build is written beside its target and
// renamed into place, so a server never serves a half-written build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStamp } from './buildStamp.mjs';
import { compressWithoutFetch } from './compressWithoutFetch.mjs';
import { serverExternals } from './serverExternals.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const only = args.has('--server') ? 'server' : args.has('--web') ? 'web' : 'all';

/** @param {string[]} entries @returns {number} newest mtime below the given paths */
const newestMtime = (entries) => {
  let newest = 0;
  const visit = (/** @type {string} */ p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
};

/** @param {string} stampFile @param {string[]} sources */
const isStale = (stampFile, sources) =>
  force || !fs.existsSync(stampFile) || fs.statSync(stampFile).mtimeMs < newestMtime(sources);

/** @param {string} dir @param {string} target */
const swapInto = (dir, target) => {
  const old = `${target}.old-${process.pid}`;
  if (fs.existsSync(target)) fs.renameSync(target, old);
  fs.renameSync(dir, target);
  fs.rmSync(old, { recursive: true, force: true });
};

/**
 * Brotli (best quality) and gzip (level 9) copies beside every compressible static file, made once
 * here so the server never compresses a static file per request (issue 16).
 * @param {string} dir
 */
const precompress = async (dir) => {
  const zlib = await import('node:zlib');
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/;
  const visit = (/** @type {string} */ at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.ssr') visit(file);
        continue;
      }
      if (!compressible.test(entry.name) || entry.name.endsWith('.map')) continue;
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      const br = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = zlib.gzipSync(body, { level: 9 });
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
    }
  };
  visit(dir);
};

const buildWeb = async () => {
  const target = path.join(root, 'web/dist');
  const sources = [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'web/serviceWorkerPlugin.ts',
    'contract/src',
    'package-lock.json',
    'scripts/build.mjs',
  ];
  if (!isStale(path.join(target, 'index.html'), sources)) return;
  const started = Date.now();
  const outDir = path.join(root, `web/dist.tmp-${process.pid}`);
  process.env.CANDY_PAGE_BUILD = buildStamp();
  // Always a production build: a caller's NODE_ENV (vitest sets `test`) would otherwise make Vite
  // bundle React's development build into what `npm start` serves.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    root: path.join(root, 'web'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The server render (issue 16): the same components, one self-contained module for Node, kept
  // in a dot directory the static file server never serves. Minified, as the server's own bundle:
  // V8 keeps a module's whole source in the heap, and Vite leaves an SSR build as written — 1.58 M
  // characters, held as two-byte text (6 bytes of its 1.5 MB were past U+00FF) once the first
  // page was rendered. `charset: 'ascii'` has esbuild write every non-ASCII character as an escape.
  await build({
    root: path.join(root, 'web'),
    mode: 'production',
    logLevel: 'warn',
    ssr: { noExternal: true },
    esbuild: { charset: 'ascii' },
    build: {
      minify: 'esbuild',
      ssr: 'src/entry-server.tsx',
      outDir: path.join(outDir, '.ssr'),
      emptyOutDir: false,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.js', format: 'es' } },
    },
  });
  warnTwoByteSource(path.join(outDir, '.ssr'));
  await precompress(outDir);
  swapInto(outDir, target);
  console.log(`built web app ${process.env.CANDY_PAGE_BUILD} in ${Date.now() - started} ms`);
};

/**
 * esbuild escapes non-ASCII text in strings but not in regular expressions; one character past
 * U+00FF makes V8 hold the whole bundle's source as two-byte text (megabytes of heap). Says where.
 * @param {string} dir
 */
const warnTwoByteSource = (dir) => {
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const at = text.search(/[\u0100-\uffff]/);
    if (at === -1) continue;
    const line = text.slice(0, at).split('\n').length;
    console.warn(
      `server bundle: text past U+00FF in ${file}:${line} (write it as \\u escapes): ${text.slice(at - 40, at + 20)}`,
    );
  }
};

/**
 * A module's heavy half that only some work needs goes into a file of its own, which the module
 * requires on first need: a start never reads those bytes, nor puts them through the code cache,
 * and V8 keeps no copy of their source. The module's one `import('./runtime.ts')` is pointed at
 * `<module>Runtime.js` instead of being bundled. Fedify and what only it needs (issue 29,
 * server/src/modules/federation/index.ts); parse5 and the microformats parser that read a remote
 * page for Webmention (issue 39, server/src/modules/webmention/pageReader.ts). A runtime holds
 * pure functions or state of its own: whatever else it imports is a second copy.
 * @type {import('esbuild').Plugin}
 */
const runtimesApart = {
  name: 'runtimes-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/runtime\.ts$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const module = apartRuntimes.find((name) => args.importer.endsWith(runtimeImporter[name]));
      return module ? { path: `./${module}Runtime.js`, external: true } : undefined;
    });
  },
};

/** The modules whose `runtime.ts` is built apart, and the one file of each that imports it. */
const runtimeImporter = {
  federation: path.join('server', 'src', 'modules', 'federation', 'index.ts'),
  webmention: path.join('server', 'src', 'modules', 'webmention', 'pageReader.ts'),
};
const apartRuntimes = /** @type {(keyof typeof runtimeImporter)[]} */ (Object.keys(runtimeImporter));

/**
 * @fastify/compress asks mime-db (2,500 types, ≈ 430 KB of heap once parsed) only whether a type
 * is compressible, and only `compressible: true` answers yes: the bundle gets those ≈ 800 entries
 * alone (issue 39: idle memory).
 * @type {import('esbuild').Plugin}
 */
const compressibleTypesOnly = {
  name: 'compressible-types-only',
  setup(build) {
    build.onResolve({ filter: /^mime-db$/ }, (args) =>
      args.importer.includes(path.join('node_modules', '@fastify', 'compress'))
        ? { path: 'mime-db', namespace: 'compressible-types' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'compressible-types' }, () => {
      const db = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/mime-db/db.json'), 'utf8'));
      const compressible = Object.fromEntries(
        Object.entries(db)
          .filter(([, entry]) => entry.compressible === true)
          .map(([type]) => [type, { compressible: true }]),
      );
      return { contents: JSON.stringify(compressible), loader: 'json' };
    });
  },
};

/**
 * The importers' platform parsers (turndown with its DOM, YAML and TOML front matter, an XML
 * parser: ≈ 0.5 MB of source) run in the parse child, `importParse.js` (issue 40.3), and in the
 * command line's own process; the server's bundle only reaches them when that child's file is
 * missing. There they are a module that says so, not half a megabyte V8 keeps as source.
 * @type {import('esbuild').Plugin}
 */
const parsersInTheChild = {
  name: 'parsers-in-the-child',
  setup(build) {
    const importer = path.join('server', 'src', 'modules', 'importers', 'parse.ts');
    build.onResolve({ filter: /^\.\/platforms\/index\.ts$/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.endsWith(importer)
        ? { path: 'platforms', namespace: 'parsers-in-the-child' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'parsers-in-the-child' }, () => ({
      contents:
        "throw new Error('the server parses uploads in importParse.js, which is missing beside server.js');",
      loader: 'js',
    }));
  },
};

const buildServer = async () => {
  const target = path.join(root, 'server/dist');
  if (
    !isStale(path.join(target, 'main.js'), [
      'server/src',
      'contract/src',
      'package-lock.json',
      'scripts/build.mjs',
      'scripts/serverExternals.mjs',
      'scripts/compressWithoutFetch.mjs',
    ])
  )
    return false;
  const started = Date.now();
  const outDir = path.join(root, `server/dist.tmp-${process.pid}`);
  const version = buildStamp();
  const esbuild = await import('esbuild');
  // CommonJS, so the entry can run the server through V8's code cache (server/src/boot/codeCache.ts;
  // Node 20 caches no ES module). `server.js` is the server, `main.js` the entry that runs it,
  // `cli.js` the operator commands, `imageVariants.js` the child that makes picture copies,
  // `importParse.js` the child that opens and parses an uploaded export,
  // `<module>Runtime.js` a module's heavy half, loaded on first need (runtimesApart);
  // dist/package.json marks the folder's files as CommonJS. The server is built on its own, for
  // what only its bundle leaves out (parsersInTheChild).
  const { server, ...others } = {
    main: path.join(root, 'server/src/boot/main.ts'),
    server: path.join(root, 'server/src/main.ts'),
    cli: path.join(root, 'server/src/cli.ts'),
    imageVariants: path.join(root, 'server/src/modules/images/variantsChild.ts'),
    importParse: path.join(root, 'server/src/modules/importers/parseChild.ts'),
    ...Object.fromEntries(
      apartRuntimes.map((name) => [
        `${name}Runtime`,
        path.join(root, `server/src/modules/${name}/runtime.ts`),
      ]),
    ),
  };
  /** @type {import('esbuild').BuildOptions} */
  const options = {
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Each `import()` becomes `require()` (see codeCache.ts); lazy loading is unchanged.
    supported: { 'dynamic-import': false },
    sourcemap: true,
    // V8 keeps each module's source text in the heap (twice its size when a comment holds one
    // non-ASCII character): comments, layout and long local names go (2.39 → 1.81 MB of source,
    // ≈ 2 MB less resident at idle; issue 39). A stack trace then names minified functions: the
    // source map beside each bundle gives the real names and lines back (README, "Reading a stack
    // trace"). `keepNames` would restore `.name`, at a cost of 4 MB resident: not taken.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: 'external',
    external: serverExternals,
    // See the shims: ky-universal's top-level awaits cannot be bundled as CommonJS; readable-stream is Node's own.
    alias: {
      'ky-universal': path.join(root, 'scripts/shims/kyUniversal.mjs'),
      'readable-stream': path.join(root, 'scripts/shims/readableStream.mjs'),
    },
    banner: { js: "var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: {
      'import.meta.url': 'importMetaUrl',
      'import.meta.dirname': '__dirname',
      'process.env.CANDY_BUILD_VERSION': JSON.stringify(version),
    },
    logLevel: 'warning',
  };
  const plugins = [runtimesApart, compressibleTypesOnly, compressWithoutFetch];
  await Promise.all([
    esbuild.build({ ...options, entryPoints: others, plugins }),
    esbuild.build({ ...options, entryPoints: { server }, plugins: [...plugins, parsersInTheChild] }),
  ]);
  fs.writeFileSync(path.join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  warnTwoByteSource(outDir);
  swapInto(outDir, target);
  console.log(`built server ${version} in ${Date.now() - started} ms`);
  return true;
};

/**
 * The demo's pictures and their copies, made once here instead of at every fresh install's first
 * start (server/src/modules/images/preparedDemo.ts, issue 39). The picture child does it and keeps
 * what it made before when its bundle and sharp are unchanged. Without it (sharp failing here) the
 * server draws and copies them at first start, as it always could: a warning, not a failed build.
 * @param {boolean} serverBuilt
 */
const prepareDemoPictures = (serverBuilt) => {
  const dir = path.join(root, 'server/demo-pictures');
  if (!serverBuilt && !force && fs.existsSync(path.join(dir, 'manifest.json'))) return;
  const child = path.join(root, 'server/dist/imageVariants.js');
  const done = spawnSync(process.execPath, [child, '--prepare-demo', dir], { stdio: 'inherit' });
  if (done.status !== 0)
    console.warn("the demo's pictures were not prepared: a fresh install draws them at its first start");
};

if (only !== 'server') await buildWeb();
if (only !== 'web') prepareDemoPictures(await buildServer());
