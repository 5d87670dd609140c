import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By path, not by @gvm/config's name: Node loads this file, and it takes a package's TypeScript for
// an outside dependency's JavaScript.
import { lazyContractSchemas } from '../../packages/config/src/lazy-contract-schemas';
import { reactRouterProduction } from '../../packages/config/src/react-router-production';

/**
 * The operator console (decisions 052 and 069): one page, ops.html, which the API sends for every
 * /ops address, built apart from the shop so that no chunk of it is shared with the shop. Its files
 * are named `assets/ops-*`, apart from the shop's, which the API serves from the same /assets.
 */
export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  // The contract's schemas built on first use (decision 040), as the shop does.
  plugins: [react(), tailwindcss(), lazyContractSchemas(), consolePageInDev()],
  resolve: {
    alias: [
      { find: /^@console\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // `npm run dev -w @gvm/console` serves the console with hot reload; API calls go to the running API.
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // The favicon is the shop's (apps/web/public), served from the shop's build.
    copyPublicDir: false,
    // Maps for measuring, not referenced from the files; the server never serves *.map (decision 033).
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { ops: path.resolve(import.meta.dirname, 'ops.html') },
      output: { chunkFileNames: 'assets/ops-c-[hash].js' },
    },
  },
}));

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
