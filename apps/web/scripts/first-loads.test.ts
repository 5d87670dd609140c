// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  chunkPlan,
  filesLoaded,
  PUBLIC_PAGES,
  SIGNED_IN_FIRST_RENDER,
  SIGNED_IN_PAGES,
} from './first-loads';

const webRoot = '/repo/apps/web';
const resolve = (source: string) => path.resolve(webRoot, source);
const [bell, cartLink, users, carts, catalog] = SIGNED_IN_FIRST_RENDER.map(resolve) as [
  string,
  string,
  string,
  string,
  string,
];

/** A first build's chunk: its file is its name, its modules' ids absolute as Rollup gives them. */
function chunk(name: string, modules: string[], imports: string[] = [], isEntry = false): BuiltChunk {
  return { fileName: `${name}.js`, name, isEntry, moduleIds: modules, imports: imports.map((each) => `${each}.js`) };
}

/**
 * The shape of the app's first build: the entry, the home page's loader, the public pages and a
 * piece one of them shares with checkout, the signed-in header's parts and the contract's modules
 * with zod, the two signed-in pages with pieces of their own and one they share, and a page loaded
 * on demand that imports one of checkout's pieces.
 */
const firstBuild = [
  chunk('index', [resolve('index.html'), resolve('src/main.tsx'), '/repo/node_modules/react/index.js'], [], true),
  chunk('after-paint', [resolve('src/after-paint.ts')], [], true),
  chunk('home-page', [resolve(PUBLIC_PAGES.home[0])], ['money']),
  chunk('browse-results', [resolve(PUBLIC_PAGES.homeGrid[1])]),
  chunk('product-page', [resolve(PUBLIC_PAGES.product[0])], ['money']),
  chunk('cart-page', [resolve(PUBLIC_PAGES.cart[0])]),
  chunk('money', [resolve('../../packages/contract/src/money.ts')]),
  chunk('bell', [bell], ['zod']),
  chunk('cart-link', [cartLink]),
  chunk('users', [users], ['zod']),
  chunk('carts', [carts, catalog], ['zod']),
  chunk('zod', ['/repo/node_modules/zod/index.js', '/repo/node_modules/zod/core.js']),
  chunk('checkout-page', [resolve(SIGNED_IN_PAGES.checkout)], ['money', 'use-cart', 'wallets', 'users']),
  chunk('wallet-page', [resolve(SIGNED_IN_PAGES.wallet)], ['tabs', 'wallets']),
  chunk('use-cart', [resolve('src/features/cart/hooks/use-cart.ts')]),
  chunk('tabs', ['/repo/node_modules/@radix-ui/react-tabs/index.js']),
  chunk('wallets', [resolve('../../packages/contract/src/wallets.ts')]),
  chunk('orders-page', [resolve('src/features/orders/pages/orders-page.tsx')], ['use-cart']),
];

/** The modules a first load starting from `roots` (chunk names) takes, following static imports. */
function modulesLoaded(chunks: readonly BuiltChunk[], roots: string[]): Set<string> {
  const byFile = new Map(chunks.map((each) => [each.fileName, each]));
  const files = filesLoaded(
    roots.map((name) => `${name}.js`),
    (file) => byFile.get(file)?.imports,
  );
  return new Set([...files].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
}

describe('the build chunk plan (decision 041)', () => {
  const plan = chunkPlan(firstBuild, resolve);
  const nameOf = (chunkName: string) => {
    const names = new Set(firstBuild.find((each) => each.name === chunkName)?.moduleIds.map((id) => plan.get(id)));
    expect(names.size, chunkName).toBe(1);
    return [...names][0];
  };

  it('names every module, so Rollup adds none to a chunk it was not in', () => {
    for (const each of firstBuild)
      for (const id of each.moduleIds) expect(plan.get(id), id).toEqual(expect.any(String));
  });

  it('keeps each chunk whole, and the entries their names', () => {
    for (const each of firstBuild) nameOf(each.name);
    expect(nameOf('index')).toBe('index');
    expect(nameOf('after-paint')).toBe('after-paint');
  });

  it('puts together the chunks that exactly the same first loads use', () => {
    expect(nameOf('home-page')).toBe('first-home+homeGrid');
    expect(nameOf('browse-results')).toBe('first-homeGrid');
    expect(nameOf('money')).toBe('first-home+homeGrid+product+checkout');
    for (const name of ['bell', 'cart-link', 'carts']) expect(nameOf(name), name).toBe('first-signedIn');
    for (const name of ['users', 'zod']) expect(nameOf(name), name).toBe('first-checkout+signedIn');
    for (const name of ['checkout-page', 'use-cart']) expect(nameOf(name), name).toBe('first-checkout');
    for (const name of ['wallet-page', 'tabs']) expect(nameOf(name), name).toBe('first-wallet');
    expect(nameOf('wallets')).toBe('first-checkout+wallet');
  });

  it('leaves a chunk no first load uses as it was', () => {
    expect(nameOf('orders-page')).toMatch(/^chunk-\d+$/);
  });

  it('gives no first load code it did not take before', () => {
    const roots = {
      home: ['home-page'],
      homeGrid: ['home-page', 'browse-results'],
      product: ['product-page'],
      cart: ['cart-page'],
      checkout: ['checkout-page'],
      wallet: ['wallet-page'],
      signedIn: ['bell', 'cart-link', 'users', 'carts'],
    };
    const everyModule = firstBuild.flatMap((each) => each.moduleIds);
    for (const [name, chunkNames] of Object.entries(roots)) {
      const before = modulesLoaded(firstBuild, chunkNames);
      const groups = new Set([...before].map((id) => plan.get(id)));
      const after = new Set(everyModule.filter((id) => groups.has(plan.get(id))));
      expect(after, name).toEqual(before);
    }
  });

  it('fails the build when a page it is told of is in no chunk', () => {
    expect(() =>
      chunkPlan(
        firstBuild.filter((each) => each.name !== 'wallet-page'),
        resolve,
      ),
    ).toThrow(/no chunk holds src\/features\/wallet\/pages\/wallet-page\.tsx/);
  });
});
