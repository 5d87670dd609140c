import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';
import { filesLoaded, PUBLIC_PAGES, SIGNED_IN_FIRST_RENDER, SIGNED_IN_PAGES } from './first-loads';

/**
 * After the build (scripts/build-app.ts): draws the page shells (src/prerender.tsx) for `/`, a product page and any
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
  const chunks = readChunks();
  const preload = {
    home: pageChunks(chunks, ...PUBLIC_PAGES.home),
    homeGrid: pageChunks(chunks, ...PUBLIC_PAGES.homeGrid),
    product: pageChunks(chunks, ...PUBLIC_PAGES.product),
    cart: pageChunks(chunks, ...PUBLIC_PAGES.cart),
    // Signed-in pages drawn with the `page` shell: their code need not wait for the entry to run,
    // nor what their first render loads on its way (decision 038): the signed-in header's parts and
    // the descriptions of the endpoints whose answers the page's HTML has already asked for.
    checkout: pageChunks(chunks, SIGNED_IN_PAGES.checkout, ...SIGNED_IN_FIRST_RENDER),
    wallet: pageChunks(chunks, SIGNED_IN_PAGES.wallet, ...SIGNED_IN_FIRST_RENDER),
    page: [],
  };
  // The home page's loader, which adds the entry and `preload.home` after the first paint (decision 035).
  const afterPaint = entryFile(chunks, 'src/after-paint.ts');
  writeFileSync(path.join(webRoot, 'dist/shells.json'), JSON.stringify({ ...shells, preload, afterPaint }));
  const sizes = Object.entries(shells).map(([name, html]) => `${name} ${(html.length / 1000).toFixed(1)} kB`);
  console.log(`page shells written to dist/shells.json (${sizes.join(', ')})`);
} finally {
  await server.close();
}

/** A chunk of the build, as scripts/build-app.ts lists them in dist/.vite/chunks.json. */
interface Chunk {
  file: string;
  name: string;
  isEntry: boolean;
  /** The modules it holds code of, relative to apps/web. */
  modules: string[];
  /** The files it imports statically. */
  imports: string[];
}

function readChunks(): Chunk[] {
  const file = path.join(webRoot, 'dist/.vite/chunks.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Chunk[]) : [];
}

/** The built file of the build entry `source`; undefined without a chunk list. */
function entryFile(chunks: readonly Chunk[], source: string): string | undefined {
  const chunk = chunks.find((each) => each.isEntry && each.modules.includes(source));
  return chunk ? `/${chunk.file}` : undefined;
}

/**
 * The files holding the modules `sources` (a lazily loaded page, the pieces its first render
 * loads) and the chunks they import statically, less what the entries already load; [] without a
 * chunk list.
 */
function pageChunks(chunks: readonly Chunk[], ...sources: string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const importsOf = (file: string) => byFile.get(file)?.imports;
  const entryFiles = filesLoaded(
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file),
    importsOf,
  );
  const roots = sources.flatMap((source) => chunks.find((each) => each.modules.includes(source))?.file ?? []);
  return [...filesLoaded(roots, importsOf)].filter((each) => !entryFiles.has(each)).map((each) => `/${each}`);
}
