import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The app's entry script blocks the first paint until it has run (`blocking="render"`, issue 30).
 * A server-rendered page used to paint at once and then evaluate React in one long task, while the
 * page looked ready but did not answer input: Lighthouse counted that as the main thread blocked
 * (TBT). Now the page appears once the app is there, and hydration runs in slices after. Without
 * JavaScript (or where the attribute is unknown) nothing changes: the server's markup shows.
 */
const renderBlockingEntry = (): Plugin => ({
  name: 'candy-render-blocking-entry',
  enforce: 'post',
  transformIndexHtml: (html) =>
    html.replace(
      /<script type="module" crossorigin src=/,
      '<script type="module" crossorigin blocking="render" src=',
    ),
});

export default defineConfig({
  plugins: [react(), renderBlockingEntry()],
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
