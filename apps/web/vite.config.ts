import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
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

/**
 * The two apps built from this source (decision 052): the shop (index.html, and the home page's
 * loader, which starts it after the first paint: an entry of its own, so it carries nothing else,
 * decision 035) and the operator console (ops.html). They are built apart (scripts/build-app.ts), so
 * that no chunk of the console's is shared with the shop: in one build, the libraries both use would
 * leave the shop's entry for a chunk of their own, one more file in every shopper's first load.
 */
const inputs = {
  shop: {
    index: path.resolve(import.meta.dirname, 'index.html'),
    'after-paint': path.resolve(import.meta.dirname, 'src/after-paint.ts'),
  },
  console: { ops: path.resolve(import.meta.dirname, 'ops.html') },
};

/** The console's addresses, answered in development with ops.html as the API does in production. */
const CONSOLE_PATH = /^\/ops(?:[/?#]|$)/i;

/** `npm run dev`: /ops and every address under it open the console's page, as the API serves them. */
function consolePageInDev(): Plugin {
  return {
    name: 'console-page-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && CONSOLE_PATH.test(request.url)) request.url = '/ops.html';
        next();
      });
    },
  };
}

/** The configuration of one of the two apps (`vite` and `vite build` use the shop's, below). */
export function webConfig(command: 'build' | 'serve', app: keyof typeof inputs): UserConfig {
  return {
    root: import.meta.dirname,
    // The contract's schemas built on first use (decision 040).
    plugins: [react(), tailwindcss(), lazyContractSchemas(), consolePageInDev()],
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
    // (scripts/build-app.ts) builds the shop twice and puts Rollup's chunks together by the first
    // loads that use them (decision 041), then the console; `vite build` alone gives the shop with
    // Rollup's chunks as they are.
    build: {
      outDir: 'dist',
      // The console is written beside the shop, after it (scripts/build-app.ts).
      ...(app === 'console' ? { emptyOutDir: false, copyPublicDir: false } : {}),
      // Maps for measuring the bundles (decision 023), written beside them but not referenced from
      // them (no sourceMappingURL comment); the server never serves *.map (decision 033).
      sourcemap: 'hidden',
      // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: inputs[app],
        // Short chunk names: the entry lists every lazy chunk's file for preloading (decision 023),
        // and each page's chunks name the ones they import. Seven characters of hash (Rollup's
        // least for this many chunks; 8 by default) take 160-190 bytes gzipped off each first load.
        // The console's chunks are named apart from the shop's, which no shopper's page loads.
        output: { chunkFileNames: app === 'console' ? 'assets/ops-c-[hash].js' : 'assets/c-[hash:7].js' },
      },
    },
  };
}

export default defineConfig(({ command }) => webConfig(command, 'shop'));
