import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

/**
 * `sw.js`, the service worker (issue 46.3): bundled by esbuild from `src/sw/sw.ts` once the web
 * build has written index.html, into the build's root under a name that never changes (a
 * worker's URL is its identity; the server sends it `no-cache`, so each build's worker is seen).
 * The first-load bundles and icons index.html names, the public pages and the offline reader are written into it:
 * they are the shell it keeps, and they change its bytes whenever the build's code changes, which
 * is what makes the browser install it anew. The build stamp is written in too, so every build is
 * a new worker.
 */
export const shellAssetsOf = (indexHtml: string): string[] => [
  ...new Set(
    [
      ...indexHtml.matchAll(
        /(?:src|href)="(\/assets\/[^"]+\.(?:js|css)|\/[\w-]+\.(?:svg|ico|png|webmanifest))"/g,
      ),
    ].map((m) => m[1] as string),
  ),
];

/**
 * The public pages (but /contract) and the offline reader (`src/core/offline*.ts`), with what they
 * import, their styles, and the Markdown renderer that shows a mirror's essays: a visitor who never
 * opened a page or never went offline never loaded them, yet with the server gone they are what
 * reads the mirrors for the pages not read yet.
 */
const readerModule =
  /\/src\/(core\/offline\w*\.ts|pages\/public\/(?!contract\/)[\w-]+\/index\.tsx|ui\/Markdown\/renderMarkdown\.ts)$/;

export const readerChunksOf = (bundle: Rollup.OutputBundle): string[] => {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const found = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  for (const chunk of chunks) if (chunk.moduleIds.some((id) => readerModule.test(id))) visit(chunk);
  return [...found].map((name) => `/${name}`);
};

const entry = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));
const cataloguesDir = fileURLToPath(new URL('../contract/src/i18n', import.meta.url));

/**
 * The few words the worker shows itself (`push.*` of each language's public catalogue), by
 * language: written in at build time, so the worker carries these lines and not the catalogues
 * (src/sw/push.ts says why). They are plain text: the worker has no message formatter.
 */
export const pushTexts = (): Record<string, Record<string, string>> =>
  Object.fromEntries(
    fs
      .readdirSync(cataloguesDir)
      .filter((language) => fs.existsSync(path.join(cataloguesDir, language, 'public.json')))
      .map((language) => {
        const catalogue = JSON.parse(
          fs.readFileSync(path.join(cataloguesDir, language, 'public.json'), 'utf8'),
        ) as Record<string, string>;
        return [
          language,
          Object.fromEntries(Object.entries(catalogue).filter(([key]) => key.startsWith('push.'))),
        ];
      }),
  );

/** The worker bundled with `shell` written in (esbuild; Workbox's development logging left out). */
const bundleWorker = async (shell: string[], outfile?: string) => {
  const { build } = await import('esbuild');
  return build({
    entryPoints: [entry],
    ...(outfile ? { outfile } : { write: false, outdir: '/' }),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: {
      __SW_SHELL__: JSON.stringify(shell),
      __SW_PUSH_TEXTS__: JSON.stringify(pushTexts()),
      'process.env.NODE_ENV': '"production"',
    },
    banner: { js: `// Candy Jar service worker, build ${process.env.CANDY_PAGE_BUILD ?? 'dev'}` },
  });
};

export const serviceWorker = (): Plugin[] => [
  {
    name: 'candy-service-worker',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const shell = new Set([
        ...shellAssetsOf(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')),
        ...readerChunksOf(bundle),
      ]);
      await bundleWorker([...shell], path.join(outDir, 'sw.js'));
    },
  },
  {
    // Under `vite` dev the app registers no worker for offline reading, but Web Push still
    // subscribes through `/sw.js`: bundled on request, with no shell to keep.
    name: 'candy-service-worker-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res, next) => {
        bundleWorker([])
          .then((result) => {
            res.setHeader('content-type', 'text/javascript; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(result.outputFiles?.[0]?.text ?? '');
          })
          .catch(next);
      });
    },
  },
];
