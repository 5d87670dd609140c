/**
 * What each page's first load starts from (sources relative to apps/web), for the HTML's
 * modulepreloads (scripts/prerender-shells.ts) and the build's chunks (chunkPlan below).
 */
export const PUBLIC_PAGES = {
  home: ['src/features/catalog/pages/home-page.tsx'],
  // With a category, brand or search the grid opens `/`; under the rows it loads when near.
  homeGrid: ['src/features/catalog/pages/home-page.tsx', 'src/features/catalog/components/browse-results.tsx'],
  product: ['src/features/catalog/pages/product-page.tsx'],
  cart: ['src/features/cart/pages/cart-page.tsx'],
} as const;

/** The signed-in pages drawn with the generic `page` shell whose code the HTML preloads (decision 038). */
export const SIGNED_IN_PAGES = {
  checkout: 'src/features/checkout/pages/checkout-page.tsx',
  wallet: 'src/features/wallet/pages/wallet-page.tsx',
} as const;

/**
 * What a signed-in page's first render loads lazily whatever the page: the header's bell (with the
 * notifications' call) and cart link, and the contract's modules for `/users/me` and the cart
 * (with the catalogue's, which the cart's lines use).
 */
export const SIGNED_IN_FIRST_RENDER = [
  'src/features/notifications/components/signed-in-notification-bell.tsx',
  'src/features/cart/components/server-cart-link.tsx',
  '../../packages/contract/src/users.ts',
  '../../packages/contract/src/carts.ts',
  '../../packages/contract/src/catalog.ts',
] as const;

/** What the plan needs of each chunk of a build (Rollup's OutputChunk has these and more). */
export interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
}

/**
 * Which chunk each module goes into (decision 041): Rollup's own chunks, from a first build
 * without this plan, except that the small ones only signed-in pages load are put together.
 *
 * Left to itself Rollup cuts one chunk per set of lazily loaded pieces sharing a module. The
 * signed-in pages share many small modules with each other, with the header's signed-in parts and
 * with pieces loaded on demand (the cart's hooks, the contract's modules, a label), and loaded
 * 20-30 files of a few hundred bytes each, every one a request (six at a time over HTTP/1.1).
 * Here the chunks that the entries and the public pages (PUBLIC_PAGES) load are kept as they are;
 * of the rest, what a signed-in page's first render loads whatever the page becomes one chunk
 * ('signed-in'), and the pieces the signed-in pages (SIGNED_IN_PAGES) load beside their own chunk
 * are put together by the pages that load them ('account-checkout', 'account-wallet',
 * 'account-checkout+wallet'), so that no page loads a piece it does not use. A piece loaded on
 * demand elsewhere (adding to the cart, a sign-in form) now brings the rest of its group with it:
 * a few kilobytes, once. Each page's own chunk and every other chunk keep their modules. Every
 * module is named, since Rollup adds to a manual chunk each static dependency that no other
 * manual chunk holds.
 */
export function chunkPlan(chunks: readonly BuiltChunk[], resolve: (source: string) => string): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loads = (roots: readonly BuiltChunk[]) => {
    const files = new Set<string>();
    const pending = roots.map((chunk) => chunk.fileName);
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return files;
  };
  const chunksOf = (sources: readonly string[]) =>
    sources.map((source) => {
      const id = resolve(source);
      const chunk = chunks.find((each) => each.moduleIds.includes(id));
      if (!chunk) throw new Error(`chunkPlan: no chunk holds ${source}`);
      return chunk;
    });
  const publicFiles = loads([
    ...chunks.filter((chunk) => chunk.isEntry),
    ...chunksOf(Object.values(PUBLIC_PAGES).flat()),
  ]);
  const signedIn = loads(chunksOf(SIGNED_IN_FIRST_RENDER));
  for (const file of publicFiles) signedIn.delete(file);
  const pages = Object.entries(SIGNED_IN_PAGES).map(([name, source]) => {
    const [own] = chunksOf([source]) as [BuiltChunk];
    return { name, own: own.fileName, loads: loads([own]) };
  });
  /** A piece's group: the signed-in pages that load it beside their own chunk ('account-checkout+wallet'). */
  const groupOf = (file: string): string | undefined => {
    if (publicFiles.has(file) || pages.some((page) => page.own === file)) return undefined;
    if (signedIn.has(file)) return 'signed-in';
    const loadedBy = pages.filter((page) => page.loads.has(file)).map((page) => page.name);
    return loadedBy.length > 0 ? `account-${loadedBy.join('+')}` : undefined;
  };
  const plan = new Map<string, string>();
  chunks.forEach((chunk, index) => {
    // An entry keeps its name, so that its manual chunk is the entry's chunk.
    const name = chunk.isEntry ? chunk.name : (groupOf(chunk.fileName) ?? `chunk-${index}`);
    for (const id of chunk.moduleIds) plan.set(id, name);
  });
  return plan;
}
