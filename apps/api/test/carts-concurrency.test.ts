import type { Cart } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestApp, type TestContext } from './helpers';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: TestContext;
let fixed: ProductRow; // exactly £25

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

function addOne(shopper: TestUser) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/carts/${shopper.user.id}/items`,
    headers: shopper.headers,
    payload: { productId: fixed.id, quantity: 1, selectedValue: 25 },
  });
}

async function readCart(shopper: TestUser): Promise<Cart> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/carts/${shopper.user.id}`,
    headers: shopper.headers,
  });
  return response.json();
}

describe('concurrent cart changes', () => {
  it('merges simultaneous adds of the same line into one line, with one cart and no errors', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => addOne(shopper)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const cart = await readCart(shopper);
    expect(cart.items.map((item) => item.quantity)).toEqual([5]);
    expect(await ctx.database.db.select().from(carts).where(eq(carts.userId, shopper.user.id))).toHaveLength(1);
  });

  it('never lets simultaneous adds push a line past 5: the extra ones are refused', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const responses = await Promise.all(Array.from({ length: 8 }, () => addOne(shopper)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 422, 422, 422]);
    expect((await readCart(shopper)).items.map((item) => item.quantity)).toEqual([5]);
  });

  it('creates one cart when the client asks for it several times at once', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/carts',
          headers: shopper.headers,
          payload: { userId: shopper.user.id },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json<Cart>()._id)).size).toBe(1);
  });
});
