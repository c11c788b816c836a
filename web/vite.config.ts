import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogues } from './catalogues.ts';
import { serviceWorker } from './serviceWorkerPlugin.ts';

/**
 * `.vite/page-chunks.json`: each page module (`src/pages/…/index.tsx`) and the chunk that holds it.
 * Vite's manifest names a page's chunk only when the page is its facade; a page whose modules a
 * lazy part of it shares (the moments page and its statistics) lives in a chunk without one. The
 * server reads this to hint a client-rendered page's scripts from the HTML (server/src/http).
 */
const pageChunks = (): Plugin => ({
  name: 'candy-page-chunks',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  generateBundle(_options, bundle) {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const pages: Record<string, string> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const id of chunk.moduleIds) {
        const module = path.relative(root, id).split(path.sep).join('/');
        if (/^src\/pages\/.+\/index\.tsx$/.test(module)) pages[module] = chunk.fileName;
      }
    }
    this.emitFile({ type: 'asset', fileName: '.vite/page-chunks.json', source: JSON.stringify(pages) });
  },
});

/**
 * A `<link rel="modulepreload">` in index.html for React DOM's chunk, which the entry imports
 * lazily (web/src/main.tsx) so that it is evaluated in a task of its own: it downloads beside the
 * entry, not after it.
 */
const preloadReactDom = (): Plugin => ({
  name: 'candy-preload-react-dom',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const chunk = Object.values(bundle ?? {}).find(
        (c) => c.type === 'chunk' && c.moduleIds.some((id) => id.includes('/react-dom/client.js')),
      );
      if (!chunk) throw new Error('no chunk holds react-dom/client');
      return [
        {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
});

export default defineConfig({
  plugins: [catalogues(), react(), pageChunks(), preloadReactDom(), ...serviceWorker()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  define: {
    // Stamped by scripts/build.mjs as YYYYMMDD-N; a dev server says `dev`.
    __PAGE_BUILD__: JSON.stringify(process.env.CANDY_PAGE_BUILD ?? 'dev'),
  },
  build: {
    target: 'es2022',
    // No inline scripts or modulepreload polyfill: the CSP allows only our own script files.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Lets `npm run bench` measure first-load JavaScript per route.
    manifest: true,
    // Set on purpose (issue 39): the two chunks past Vite's 500 kB are the back office's writing
    // desk with CodeMirror (≈ 650 kB, ≈ 210 kB gzip) and its analytics with ECharts (≈ 560 kB, from
    // `echarts/core` with only the charts drawn). Both load only when the owner opens those pages; a
    // visitor's first load is measured against its own budget (100 KB gzip, `npm run bench`).
    // Splitting them further would add requests, not take bytes away.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // A dependency's misplaced `@__PURE__` comment (zod has two) is the dependency's business,
      // not a reader of `npm start`'s output.
      onwarn: (warning, warn) => {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
      output: {
        // Pages are `pages/<area>/<page>/index.tsx`: name their chunks after the page folder
        // (`about-[hash].js`), not `index-[hash].js`, so a chunk says what it is.
        chunkFileNames: (chunk) => {
          const page = /\/([^/]+)\/index\.[jt]sx?$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return `assets/${page ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/files': 'http://127.0.0.1:8080' },
  },
});
