import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lazyContractSchemas } from './scripts/lazy-contract-schemas';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports map only its `dist/development` build (warnings and dev checks
 * included); the production build beside it is the same code without them. `vite build` uses it
 * (decision 023); the dev server and the tests keep the development build and its warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  // The contract's schemas built on first use (decision 040).
  plugins: [react(), tailwindcss(), lazyContractSchemas()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // `npm run dev -w @gvm/web` serves the app with hot reload; API calls go to the running API.
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  // No manualChunks here (decision 023): Rollup's own chunks put each library with the pages that
  // use it, so the first load carries only what the shell and the page shown need. `npm run build`
  // (scripts/build-app.ts) builds twice and puts Rollup's chunks together by the first loads that
  // use them (decision 041); `vite build` alone gives Rollup's chunks as they are.
  build: {
    outDir: 'dist',
    // Maps for measuring the bundles (decision 023), written beside them but not referenced from
    // them (no sourceMappingURL comment); the server never serves *.map (decision 033).
    sourcemap: 'hidden',
    // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // index.html's entry, and the home page's loader, which starts it after the first paint
      // (decision 035): an entry of its own, so it carries nothing else.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        'after-paint': path.resolve(import.meta.dirname, 'src/after-paint.ts'),
      },
      // Short chunk names: the entry lists every lazy chunk's file for preloading (decision 023),
      // and each page's chunks name the ones they import. Seven characters of hash (Rollup's
      // least for this many chunks; 8 by default) take 160-190 bytes gzipped off each first load.
      output: { chunkFileNames: 'assets/c-[hash:7].js' },
    },
  },
}));
