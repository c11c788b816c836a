import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
