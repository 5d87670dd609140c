import type { Cart, ErrorResponse } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestApp, type TestContext } from './helpers';
import { type Method, sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: TestContext;
let ranged: ProductRow; // £10 to £75, denominations £15 and £30
let fixed: ProductRow; // exactly £25
const MISSING_PRODUCT = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  [ranged, fixed] = (await ctx.database.db
    .insert(products)
    .values([
      fixtureProduct({
        code: 'RANGED-GB',
        merchantName: 'Ranged',
        minPrice: 1000,
        maxPrice: 7500,
        denominations: [1500, 3000],
      }),
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

const send = (method: Method, url: string, as: TestUser | null, payload?: object) =>
  sendAs(ctx.app, method, url, as, payload);

async function addLine(shopper: TestUser, line: { productId: string; quantity: number; selectedValue: number }) {
  const response = await send('POST', `/carts/${shopper.user.id}/items`, shopper, line);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Cart>();
}

describe('creating and reading a cart', () => {
  it('creates the shopper’s empty cart once and answers the same cart when asked again', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const first = await send('POST', '/carts', shopper, { userId: shopper.user.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ _id: expect.any(String), userId: shopper.user.id, items: [] });
    const again = await send('POST', '/carts', shopper, { userId: shopper.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<Cart>()._id).toBe(first.json<Cart>()._id);
  });

  it('answers 404 "Cart not found" for a shopper without a cart, so the client creates one', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await send('GET', `/carts/${shopper.user.id}`, shopper);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Cart not found' });
  });

  it('refuses to create or read another user’s cart', async () => {
    const [shopper, other] = [await createUserAndToken(ctx.app), await createUserAndToken(ctx.app)];
    await addLine(other, { productId: fixed.id, quantity: 1, selectedValue: 25 });
    expect((await send('POST', '/carts', shopper, { userId: other.user.id })).statusCode).toBe(403);
    const read = await send('GET', `/carts/${other.user.id}`, shopper);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(fixed.id);
  });

  it.each([
    ['POST', '/carts'],
    ['GET', '/carts/USER'],
    ['POST', '/carts/USER/items'],
    ['POST', '/carts/USER/items/bulk'],
    ['PATCH', '/carts/USER/items/00000000-0000-4000-8000-000000000001'],
    ['DELETE', '/carts/USER/items/00000000-0000-4000-8000-000000000001'],
  ] as const)('answers 401 to %s %s without a token, before looking at the body', async (method, path) => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await send(method, path.replace('USER', shopper.user.id), null, { bad: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });
});

describe('adding a voucher to the cart', () => {
  it('creates the cart when needed and answers the whole cart, each product as GET /products/:id answers', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const cart = await addLine(shopper, { productId: ranged.id, quantity: 2, selectedValue: 12.5 });
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${ranged.id}` })).json();
    expect(cart).toEqual({
      _id: expect.any(String),
      userId: shopper.user.id,
      items: [{ _id: expect.any(String), productId: ranged.id, quantity: 2, selectedValue: 12.5, product }],
    });
    expect((await send('GET', `/carts/${shopper.user.id}`, shopper)).json()).toEqual(cart);
    const [stored] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, cart._id));
    expect(stored?.selectedValue).toBe(1250);
  });

  it('merges the same product at the same value into one line, and keeps other values apart', async () => {
    const shopper = await createUserAndToken(ctx.app);
    await addLine(shopper, { productId: ranged.id, quantity: 2, selectedValue: 20 });
    await addLine(shopper, { productId: ranged.id, quantity: 1, selectedValue: 50 });
    const cart = await addLine(shopper, { productId: ranged.id, quantity: 3, selectedValue: 20 });
    expect(cart.items.map((item) => [item.selectedValue, item.quantity])).toEqual([
      [20, 5],
      [50, 1],
    ]);
  });

  it('refuses a merge past 5 of one voucher with 422 and leaves the line as it was', async () => {
    const shopper = await createUserAndToken(ctx.app);
    await addLine(shopper, { productId: fixed.id, quantity: 4, selectedValue: 25 });
    const response = await send('POST', `/carts/${shopper.user.id}/items`, shopper, {
      productId: fixed.id,
      quantity: 2,
      selectedValue: 25,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'You can buy at most 5 of one voucher' });
    const cart = (await send('GET', `/carts/${shopper.user.id}`, shopper)).json<Cart>();
    expect(cart.items.map((item) => item.quantity)).toEqual([4]);
  });

  it.each([
    ['an offered option below the minimum', 5],
    ['the minimum', 10],
    ['a value in pence within the range', 37.99],
    ['a denomination', 15],
    ['the maximum', 75],
  ])('accepts %s (%s)', async (_label, selectedValue) => {
    const shopper = await createUserAndToken(ctx.app);
    const cart = await addLine(shopper, { productId: ranged.id, quantity: 1, selectedValue });
    expect(cart.items[0]?.selectedValue).toBe(selectedValue);
  });

  it.each([MISSING_PRODUCT, 'not-a-product-id'])(
    'answers 404 "Product not found" for product %s',
    async (productId) => {
      const shopper = await createUserAndToken(ctx.app);
      const response = await send('POST', `/carts/${shopper.user.id}/items`, shopper, {
        productId,
        quantity: 1,
        selectedValue: 25,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Product not found' });
    },
  );

  it.each([
    ['above the maximum', 'ranged', 80],
    ['below the range and not offered', 'ranged', 7],
    ['another value of a fixed-price voucher', 'fixed', 20],
    ['zero', 'fixed', 0],
    ['negative', 'fixed', -25],
    ['a fraction of a penny', 'ranged', 20.005],
    ['a string', 'fixed', '25'],
    ['missing', 'fixed', undefined],
  ] as const)(
    'refuses a value %s with 400 "Please select a valid value for the card"',
    async (_label, which, selectedValue) => {
      const shopper = await createUserAndToken(ctx.app);
      const response = await send('POST', `/carts/${shopper.user.id}/items`, shopper, {
        productId: (which === 'ranged' ? ranged : fixed).id,
        quantity: 1,
        selectedValue,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorResponse>();
      expect(body.error).toBe('Please select a valid value for the card');
      expect(body.errors).toEqual([{ path: 'selectedValue', message: 'Please select a valid value for the card' }]);
      expect((await send('GET', `/carts/${shopper.user.id}`, shopper)).statusCode).toBe(404);
    },
  );

  it.each([0, 6, 2.5, '3', null])('refuses quantity %j with 400 naming the quantity', async (quantity) => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await send('POST', `/carts/${shopper.user.id}/items`, shopper, {
      productId: fixed.id,
      quantity,
      selectedValue: 25,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Quantity must be a whole number from 1 to 5',
      errors: [{ path: 'quantity', message: 'Quantity must be a whole number from 1 to 5' }],
    });
  });

  it('refuses to add to another user’s cart, even with a valid line, and writes nothing', async () => {
    const [shopper, other] = [await createUserAndToken(ctx.app), await createUserAndToken(ctx.app)];
    const response = await send('POST', `/carts/${other.user.id}/items`, shopper, {
      productId: fixed.id,
      quantity: 1,
      selectedValue: 25,
    });
    expect(response.statusCode).toBe(403);
    expect((await send('GET', `/carts/${other.user.id}`, other)).statusCode).toBe(404);
  });

  it('drops a line whose product has since left the catalogue', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const [gone] = await ctx.database.db
      .insert(products)
      .values(fixtureProduct({ code: 'GONE-GB', merchantName: 'Gone' }))
      .returning();
    if (!gone) throw new Error('no product inserted');
    await addLine(shopper, { productId: gone.id, quantity: 1, selectedValue: 25 });
    await addLine(shopper, { productId: fixed.id, quantity: 1, selectedValue: 25 });
    await ctx.database.db.delete(products).where(eq(products.id, gone.id));
    const cart = (await send('GET', `/carts/${shopper.user.id}`, shopper)).json<Cart>();
    expect(cart.items.map((item) => item.productId)).toEqual([fixed.id]);
  });
});
