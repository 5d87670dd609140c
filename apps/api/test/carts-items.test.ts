import type { Cart } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestApp, type TestContext } from './helpers';
import { type Method, sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: TestContext;
let fixed: ProductRow; // exactly £25
const MISSING_ITEM = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await ctx.database.db
    .insert(products)
    .values(fixtureProduct({ code: 'FIXED-GB', merchantName: 'Fixed', minPrice: 2500, maxPrice: 2500 }))
    .returning();
  if (!row) throw new Error('no product inserted');
  fixed = row;
});
afterAll(() => ctx.close());

const send = (method: Method, url: string, as: TestUser | null, payload?: object) =>
  sendAs(ctx.app, method, url, as, payload);

/** A shopper whose cart holds one line of 2 × £25, and that line's id. */
async function shopperWithLine(): Promise<{ shopper: TestUser; itemId: string }> {
  const shopper = await createUserAndToken(ctx.app);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${shopper.user.id}/items`,
    headers: shopper.headers,
    payload: { productId: fixed.id, quantity: 2, selectedValue: 25 },
  });
  const itemId = response.json<Cart>().items[0]?._id;
  if (!itemId) throw new Error(`adding the line failed: ${response.body}`);
  return { shopper, itemId };
}

async function quantities(shopper: TestUser): Promise<number[]> {
  const cart = (await send('GET', `/carts/${shopper.user.id}`, shopper)).json<Cart>();
  return cart.items.map((item) => item.quantity);
}

describe('changing the quantity of a cart line', () => {
  it('sets the new quantity and answers the whole cart', async () => {
    const { shopper, itemId } = await shopperWithLine();
    const response = await send('PATCH', `/carts/${shopper.user.id}/items/${itemId}`, shopper, { quantity: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json<Cart>().items).toMatchObject([{ _id: itemId, quantity: 5, selectedValue: 25 }]);
  });

  it.each([0, 6, 2.5, '3'])('refuses quantity %j and keeps the line as it was', async (quantity) => {
    const { shopper, itemId } = await shopperWithLine();
    const response = await send('PATCH', `/carts/${shopper.user.id}/items/${itemId}`, shopper, { quantity });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Quantity must be a whole number from 1 to 5' });
    expect(await quantities(shopper)).toEqual([2]);
  });

  it('refuses to change another user’s line, through either cart’s path, and leaves it as it was', async () => {
    const { shopper: owner, itemId } = await shopperWithLine();
    const { shopper: intruder } = await shopperWithLine();
    const viaOwnPath = await send('PATCH', `/carts/${intruder.user.id}/items/${itemId}`, intruder, { quantity: 5 });
    expect(viaOwnPath.statusCode).toBe(404);
    const viaOwnersPath = await send('PATCH', `/carts/${owner.user.id}/items/${itemId}`, intruder, { quantity: 5 });
    expect(viaOwnersPath.statusCode).toBe(403);
    expect(await quantities(owner)).toEqual([2]);
    expect(await quantities(intruder)).toEqual([2]);
  });

  it.each([MISSING_ITEM, 'not-an-item-id'])('answers 404 "Cart item not found" for item %s', async (itemId) => {
    const { shopper } = await shopperWithLine();
    const response = await send('PATCH', `/carts/${shopper.user.id}/items/${itemId}`, shopper, { quantity: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Cart item not found' });
  });
});

describe('removing a cart line', () => {
  it('removes the line and answers the cart without it', async () => {
    const { shopper, itemId } = await shopperWithLine();
    const response = await send('DELETE', `/carts/${shopper.user.id}/items/${itemId}`, shopper);
    expect(response.statusCode).toBe(200);
    expect(response.json<Cart>()).toMatchObject({ userId: shopper.user.id, items: [] });
    const again = await send('DELETE', `/carts/${shopper.user.id}/items/${itemId}`, shopper);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete another user’s line, through either cart’s path, and the line stays', async () => {
    const { shopper: owner, itemId } = await shopperWithLine();
    const { shopper: intruder } = await shopperWithLine();
    const viaOwnPath = await send('DELETE', `/carts/${intruder.user.id}/items/${itemId}`, intruder);
    expect(viaOwnPath.statusCode).toBe(404);
    expect(viaOwnPath.json()).toEqual({ error: 'Cart item not found' });
    const viaOwnersPath = await send('DELETE', `/carts/${owner.user.id}/items/${itemId}`, intruder);
    expect(viaOwnersPath.statusCode).toBe(403);
    expect(await quantities(owner)).toEqual([2]);
    expect(await quantities(intruder)).toEqual([2]);
  });

  it('answers 404 when the shopper has no cart at all', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await send('DELETE', `/carts/${shopper.user.id}/items/${MISSING_ITEM}`, shopper);
    expect(response.statusCode).toBe(404);
  });
});
