import type { Cart, ErrorResponse } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestApp, type TestContext } from './helpers';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: TestContext;
let ranged: ProductRow; // £10 to £75
let fixed: ProductRow; // exactly £25
const MISSING_PRODUCT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  [ranged, fixed] = (await ctx.database.db
    .insert(products)
    .values([
      fixtureProduct({ code: 'RANGED-GB', merchantName: 'Ranged', minPrice: 1000, maxPrice: 7500 }),
      fixtureProduct({
        code: 'FIXED-GB',
        merchantName: 'Fixed',
        minPrice: 2500,
        maxPrice: 2500,
        denominations: [2500],
      }),
    ])
    .returning()) as [ProductRow, ProductRow];
});
afterAll(() => ctx.close());

function saveBulk(shopper: TestUser, items: unknown, as: TestUser | null = shopper) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${shopper.user.id}/items/bulk`,
    headers: as?.headers ?? {},
    payload: { items },
  });
}

async function readCart(shopper: TestUser) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/carts/${shopper.user.id}`, headers: shopper.headers });
}

const lines = (cart: Cart) => cart.items.map((item) => [item.product.productCode, item.selectedValue, item.quantity]);

describe('saving a local cart in bulk after sign-in', () => {
  it('creates the cart and saves every line in one call', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await saveBulk(shopper, [
      { productId: ranged.id, quantity: 2, selectedValue: 20 },
      { productId: fixed.id, quantity: 1, selectedValue: 25 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines(response.json())).toEqual([
      ['RANGED-GB', 20, 2],
      ['FIXED-GB', 25, 1],
    ]);
    expect((await readCart(shopper)).json()).toEqual(response.json());
  });

  it('still saves and reads a line at £5 under a £10 minimum, which the page offered before decision 030', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await saveBulk(shopper, [{ productId: ranged.id, quantity: 1, selectedValue: 5 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines((await readCart(shopper)).json())).toEqual([['RANGED-GB', 5, 1]]);
    // A value under the minimum that was never an option is refused, as before.
    const refused = await saveBulk(shopper, [{ productId: ranged.id, quantity: 1, selectedValue: 7 }]);
    expect(refused.statusCode).toBe(400);
  });

  it('merges with lines already in the server cart and within the batch, capped at 5', async () => {
    const shopper = await createUserAndToken(ctx.app);
    await saveBulk(shopper, [
      { productId: fixed.id, quantity: 4, selectedValue: 25 },
      { productId: ranged.id, quantity: 1, selectedValue: 50 },
    ]);
    const response = await saveBulk(shopper, [
      { productId: fixed.id, quantity: 3, selectedValue: 25 },
      { productId: ranged.id, quantity: 2, selectedValue: 50 },
      { productId: ranged.id, quantity: 1, selectedValue: 50 },
      { productId: ranged.id.toUpperCase(), quantity: 4, selectedValue: 10 },
      { productId: ranged.id, quantity: 4, selectedValue: 10 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines(response.json())).toEqual([
      ['FIXED-GB', 25, 5],
      ['RANGED-GB', 50, 4],
      ['RANGED-GB', 10, 5],
    ]);
  });

  it('rejects the whole batch when one line is bad, naming each bad line, and saves nothing', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await saveBulk(shopper, [
      { productId: ranged.id, quantity: 2, selectedValue: 20 },
      { productId: MISSING_PRODUCT, quantity: 1, selectedValue: 25 },
      { productId: fixed.id, quantity: 1, selectedValue: 30 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Some items could not be saved to your cart',
      errors: [
        { path: 'items.1.productId', message: 'Product not found' },
        { path: 'items.2.selectedValue', message: 'Please select a valid value for the card' },
      ],
    });
    expect((await readCart(shopper)).statusCode).toBe(404);
  });

  it('leaves an existing cart untouched when a batch is rejected', async () => {
    const shopper = await createUserAndToken(ctx.app);
    await saveBulk(shopper, [{ productId: fixed.id, quantity: 1, selectedValue: 25 }]);
    const response = await saveBulk(shopper, [
      { productId: fixed.id, quantity: 2, selectedValue: 25 },
      { productId: ranged.id, quantity: 6, selectedValue: 20 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors).toEqual([
      { path: 'items.1.quantity', message: 'Quantity must be a whole number from 1 to 5' },
    ]);
    expect(lines((await readCart(shopper)).json())).toEqual([['FIXED-GB', 25, 1]]);
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'items.0.quantity'],
    ['quantity 2.5', { quantity: 2.5 }, 'items.0.quantity'],
    ['quantity "3"', { quantity: '3' }, 'items.0.quantity'],
    ['value 0', { selectedValue: 0 }, 'items.0.selectedValue'],
    ['no product', { productId: undefined }, 'items.0.productId'],
  ])('names the field of a line with %s', async (_label, change, path) => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await saveBulk(shopper, [{ productId: fixed.id, quantity: 1, selectedValue: 25, ...change }]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().errors?.map((error) => error.path)).toEqual([path]);
  });

  it('accepts 50 lines and refuses an empty batch or 51 lines', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const line = { productId: ranged.id, quantity: 1 };
    const fifty = Array.from({ length: 50 }, (_, index) => ({ ...line, selectedValue: 10 + index }));
    const saved = await saveBulk(shopper, fifty);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Cart>().items).toHaveLength(50);
    expect((await saveBulk(shopper, [])).statusCode).toBe(400);
    expect((await saveBulk(shopper, [...fifty, { ...line, selectedValue: 70 }])).statusCode).toBe(400);
  });

  it('refuses to save into another user’s cart, and answers 401 without a token', async () => {
    const [shopper, other] = [await createUserAndToken(ctx.app), await createUserAndToken(ctx.app)];
    const items = [{ productId: fixed.id, quantity: 1, selectedValue: 25 }];
    expect((await saveBulk(other, items, shopper)).statusCode).toBe(403);
    expect((await saveBulk(other, items, null)).statusCode).toBe(401);
    expect((await readCart(other)).statusCode).toBe(404);
  });
});
