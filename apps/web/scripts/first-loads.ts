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

/**
 * The files that loading `roots` loads: themselves and, through `importsOf`, their static imports,
 * each root before what it imports (depth first, in the order given).
 */
export function filesLoaded(
  roots: readonly string[],
  importsOf: (file: string) => readonly string[] | undefined,
): Set<string> {
  const files = new Set<string>();
  const pending = [...roots].reverse();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    pending.push(...[...(importsOf(file) ?? [])].reverse());
  }
  return files;
}

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
 * without this plan, put together where the same first loads use them.
 *
 * Left to itself Rollup cuts one chunk per set of lazily loaded pieces sharing a module: the
 * pages, the header's signed-in parts, and every piece loaded on demand (adding to the cart, a
 * sign-in form, the other pages). A page's first load was many files of a few hundred bytes (33 on
 * `/checkout`), every one a request, six at a time over HTTP/1.1. Here each chunk is put with the
 * others that exactly the same first loads use: those of the public pages (PUBLIC_PAGES), of the
 * signed-in pages (SIGNED_IN_PAGES) and of a signed-in page's first render whatever the page
 * (SIGNED_IN_FIRST_RENDER). So no first load takes code it did not take before, and none of them
 * takes more files than it did. A piece loaded on demand elsewhere now brings the rest of its
 * group with it: a few kilobytes, once. The entries keep their chunks, and chunks that no first
 * load uses keep theirs. Every module is named, since Rollup adds to a manual chunk each static
 * dependency that no other manual chunk holds.
 */
export function chunkPlan(chunks: readonly BuiltChunk[], resolve: (source: string) => string): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loads = (roots: readonly BuiltChunk[]) =>
    filesLoaded(
      roots.map((chunk) => chunk.fileName),
      (file) => byFile.get(file)?.imports,
    );
  const chunksOf = (sources: readonly string[]) =>
    sources.map((source) => {
      const id = resolve(source);
      const chunk = chunks.find((each) => each.moduleIds.includes(id));
      if (!chunk) throw new Error(`chunkPlan: no chunk holds ${source}`);
      return chunk;
    });
  const firstLoads = Object.entries({
    ...PUBLIC_PAGES,
    ...Object.fromEntries(Object.entries(SIGNED_IN_PAGES).map(([name, source]) => [name, [source]])),
    signedIn: SIGNED_IN_FIRST_RENDER,
  }).map(([name, sources]) => ({ name, files: loads(chunksOf(sources)) }));
  const plan = new Map<string, string>();
  chunks.forEach((chunk, index) => {
    const loadedBy = firstLoads.filter((load) => load.files.has(chunk.fileName)).map((load) => load.name);
    // An entry keeps its name, so that its manual chunk is the entry's chunk.
    const name = chunk.isEntry ? chunk.name : loadedBy.length > 0 ? `first-${loadedBy.join('+')}` : `chunk-${index}`;
    for (const id of chunk.moduleIds) plan.set(id, name);
  });
  return plan;
}
