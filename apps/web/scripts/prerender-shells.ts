import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * What a signed-in page's first render loads lazily whatever the page: the header's bell (with the
 * notifications' call) and cart link, and the contract's modules for `/users/me` and the cart
 * (with the catalogue's, which the cart's lines use).
 */
const SIGNED_IN_FIRST_RENDER = [
  'src/features/notifications/components/signed-in-notification-bell.tsx',
  'src/features/cart/components/server-cart-link.tsx',
  '../../packages/contract/src/users.ts',
  '../../packages/contract/src/carts.ts',
  '../../packages/contract/src/catalog.ts',
];
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
  const { renderShell, withoutQueryValue } = (await server.ssrLoadModule(
    '/src/prerender.tsx',
  )) as typeof import('../src/prerender');
  const draw = (pathname: string) => {
    dom.reconfigure({ url: `${origin}${pathname}` });
    return renderShell(pathname);
  };
  // Any page but these two draws the same skeleton while its code loads; /cart stands for them.
  // `/` opens with its rows; with a category, brand or search it is the grid alone (decision 032).
  const shells = {
    home: draw('/'),
    // Drawn for a stand-in brand, which its links must not carry (a click before the script runs).
    homeGrid: withoutQueryValue(draw('/?merchant=shell'), 'merchant', 'shell'),
    product: draw('/product/shell'),
    page: draw('/cart'),
  };
  // The page's own code starts loading with the HTML rather than after the entry has run.
  const home = pageChunks('src/features/catalog/pages/home-page.tsx');
  const preload = {
    home,
    // With a category, brand or search the grid opens the page; under the rows it loads when near.
    homeGrid: [...new Set([...home, ...pageChunks('src/features/catalog/components/browse-results.tsx')])],
    product: pageChunks('src/features/catalog/pages/product-page.tsx'),
    cart: pageChunks('src/features/cart/pages/cart-page.tsx'),
    // Signed-in pages drawn with the `page` shell: their code need not wait for the entry to run,
    // nor what their first render loads on its way (decision 038): the signed-in header's parts and
    // the descriptions of the endpoints whose answers the page's HTML has already asked for.
    checkout: pageChunks('src/features/checkout/pages/checkout-page.tsx', ...SIGNED_IN_FIRST_RENDER),
    wallet: pageChunks('src/features/wallet/pages/wallet-page.tsx', ...SIGNED_IN_FIRST_RENDER),
    page: [],
  };
  // The home page's loader, which adds the entry and `preload.home` after the first paint (decision 035).
  const afterPaint = entryFile('src/after-paint.ts');
  writeFileSync(path.join(webRoot, 'dist/shells.json'), JSON.stringify({ ...shells, preload, afterPaint }));
  const sizes = Object.entries(shells).map(([name, html]) => `${name} ${(html.length / 1000).toFixed(1)} kB`);
  console.log(`page shells written to dist/shells.json (${sizes.join(', ')})`);
} finally {
  await server.close();
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> | undefined {
  const file = path.join(webRoot, 'dist/.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : undefined;
}

/** The built file of the build entry `source`, from Vite's manifest; undefined without one. */
function entryFile(source: string): string | undefined {
  const chunk = readManifest()?.[source];
  return chunk?.isEntry ? `/${chunk.file}` : undefined;
}

/**
 * The files of a lazily loaded page and the chunks it imports statically, from Vite's build
 * manifest (`vite build --manifest`), less what the entry already loads; [] without a manifest.
 */
function pageChunks(...sources: string[]): string[] {
  const manifest = readManifest();
  if (!manifest) return [];
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);
  const files = new Set<string>();
  for (const source of sources) {
    // A page whose chunk also holds shared code is listed under the chunk's file, by its name.
    const name = path.basename(source, path.extname(source));
    const key =
      source in manifest
        ? source
        : Object.keys(manifest).find((each) => manifest[each]?.isDynamicEntry && manifest[each]?.name === name);
    if (key) collect(key, files);
  }
  return [...files].filter((each) => !entryFiles.has(each)).map((each) => `/${each}`);
}
