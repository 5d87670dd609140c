import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
// By path, not by @gvm/config's name: Node loads this file, and it takes a package's TypeScript for
// an outside dependency's JavaScript.
import { lazyContractSchemas } from '../../packages/config/src/lazy-contract-schemas';
import { reactRouterProduction } from '../../packages/config/src/react-router-production';

/**
 * The shop's entries: index.html, and the home page's loader, which starts it after the first
 * paint: an entry of its own, so it carries nothing else (decision 035). The operator console is an
 * app of its own (apps/console, decision 069), built apart, so that no chunk of it is shared with
 * the shop.
 */
const input = {
  index: path.resolve(import.meta.dirname, 'index.html'),
  'after-paint': path.resolve(import.meta.dirname, 'src/after-paint.ts'),
};

/** The shop's configuration (`vite`, `vite build` and scripts/build-app.ts use it). */
export function webConfig(command: 'build' | 'serve'): UserConfig {
  return {
    root: import.meta.dirname,
    // The contract's schemas built on first use (decision 040).
    plugins: [react(), tailwindcss(), lazyContractSchemas()],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      ],
    },
    // `npm run dev -w @gvm/web` serves the app with hot reload; API calls go to the running API, and
    // so do the console's addresses (`npm run dev -w @gvm/console` serves the console itself).
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/ops': 'http://localhost:3000' },
    },
    // No manualChunks here (decision 023): Rollup's own chunks put each library with the pages that
    // use it, so the first load carries only what the shell and the page shown need. `npm run build`
    // (scripts/build-app.ts) builds the shop twice and puts Rollup's chunks together by the first
    // loads that use them (decision 041); `vite build` alone gives the shop with Rollup's chunks as
    // they are.
    build: {
      outDir: 'dist',
      // Maps for measuring the bundles (decision 023), written beside them but not referenced from
      // them (no sourceMappingURL comment); the server never serves *.map (decision 033).
      sourcemap: 'hidden',
      // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input,
        // Short chunk names: the entry lists every lazy chunk's file for preloading (decision 023),
        // and each page's chunks name the ones they import. Seven characters of hash (Rollup's
        // least for this many chunks; 8 by default) take 160-190 bytes gzipped off each first load.
        output: { chunkFileNames: 'assets/c-[hash:7].js' },
      },
    },
  };
}

export default defineConfig(({ command }) => webConfig(command));
