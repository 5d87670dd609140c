// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BuiltChunk, chunkPlan, PUBLIC_PAGES, SIGNED_IN_FIRST_RENDER, SIGNED_IN_PAGES } from './first-loads';

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

describe('the build chunk plan (decision 041)', () => {
  const plan = chunkPlan(firstBuild, resolve);
  const chunkOf = (name: string) =>
    new Set(firstBuild.find((each) => each.name === name)?.moduleIds.map((id) => plan.get(id)));

  it('names every module, so Rollup adds none to a chunk it was not in', () => {
    for (const each of firstBuild)
      for (const id of each.moduleIds) expect(plan.get(id), id).toEqual(expect.any(String));
  });

  it('keeps each chunk whole: modules that were together stay together', () => {
    for (const each of firstBuild) expect(chunkOf(each.name).size, each.name).toBe(1);
  });

  it("keeps the entries' names, and every chunk the entries and the public pages load as it was", () => {
    expect(chunkOf('index')).toEqual(new Set(['index']));
    expect(chunkOf('after-paint')).toEqual(new Set(['after-paint']));
    const kept = ['home-page', 'browse-results', 'product-page', 'cart-page', 'money'].map(
      (name) => [...chunkOf(name)][0],
    );
    expect(new Set(kept).size).toBe(kept.length);
    for (const name of kept) expect(name).toMatch(/^chunk-\d+$/);
  });

  it("puts together what a signed-in page's first render loads whatever the page", () => {
    for (const name of ['bell', 'cart-link', 'users', 'carts', 'zod'])
      expect(chunkOf(name), name).toEqual(new Set(['signed-in']));
  });

  it('groups the pieces the signed-in pages load by which pages load them, and keeps each page its own chunk', () => {
    expect(chunkOf('use-cart')).toEqual(new Set(['account-checkout']));
    expect(chunkOf('tabs')).toEqual(new Set(['account-wallet']));
    expect(chunkOf('wallets')).toEqual(new Set(['account-checkout+wallet']));
    const own = ['checkout-page', 'wallet-page', 'orders-page'].map((name) => [...chunkOf(name)][0]);
    expect(new Set(own).size).toBe(3);
    for (const name of own) expect(name).toMatch(/^chunk-\d+$/);
  });

  it('leaves a piece a public page loads where it was, though a signed-in page loads it too', () => {
    const shared = firstBuild.map((each) => (each.name === 'cart-page' ? { ...each, imports: ['users.js'] } : each));
    const sharedPlan = chunkPlan(shared, resolve);
    expect(sharedPlan.get(users)).toMatch(/^chunk-\d+$/);
    expect(sharedPlan.get(bell)).toBe('signed-in');
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
