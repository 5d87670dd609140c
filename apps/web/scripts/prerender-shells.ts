import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

/**
 * After `vite build`: draws the page shells (src/prerender.tsx) for `/`, a product page and any
 * other page, and writes them to dist/shells.json for the server (apps/api/src/plugins/web-app.ts,
 * decision 024). The components run as they would in a fresh browser tab with no session: jsdom
 * stands in for the window (an empty localStorage, the page's URL).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const origin = 'http://localhost';
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: `${origin}/`, pretendToBeVisual: true });
const globals = globalThis as Record<string, unknown>;
for (const name of ['window', 'document', 'localStorage', 'sessionStorage', 'location', 'history', 'navigator']) {
  Object.defineProperty(globals, name, { value: dom.window[name as keyof typeof dom.window], configurable: true });
}

const server = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { renderShell } = (await server.ssrLoadModule('/src/prerender.tsx')) as typeof import('../src/prerender');
  const draw = (pathname: string) => {
    dom.reconfigure({ url: `${origin}${pathname}` });
    return renderShell(pathname);
  };
  // Any page but these two draws the same skeleton while its code loads; /cart stands for them.
  const shells = { home: draw('/'), product: draw('/product/shell'), page: draw('/cart') };
  writeFileSync(path.join(webRoot, 'dist/shells.json'), JSON.stringify(shells));
  const sizes = Object.entries(shells).map(([name, html]) => `${name} ${(html.length / 1000).toFixed(1)} kB`);
  console.log(`page shells written to dist/shells.json (${sizes.join(', ')})`);
} finally {
  await server.close();
}
