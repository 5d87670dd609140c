import type { Wishlist, WishlistChangeResponse, WishlistsResponse } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductRow, products, wishlists } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestApp, type TestContext } from './helpers';
import { type Method, sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: TestContext;
let argos: ProductRow;
let boots: ProductRow;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  [argos, boots] = (await ctx.database.db
    .insert(products)
    .values([
      fixtureProduct({ code: 'ARGOS-GB', merchantName: 'Argos' }),
      fixtureProduct({ code: 'BOOTS-GB', merchantName: 'Boots' }),
    ])
    .returning()) as [ProductRow, ProductRow];
});
afterAll(() => ctx.close());

const send = (method: Method, url: string, as: TestUser | null, payload?: object) =>
  sendAs(ctx.app, method, url, as, payload);

async function createWishlistFor(shopper: TestUser): Promise<Wishlist> {
  const response = await send('POST', '/wishlists', shopper);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function addFavourite(shopper: TestUser, wishlistId: string, productId: string) {
  return send('POST', `/wishlists/${wishlistId}/items`, shopper, { productId });
}

const productIds = (wishlist: Wishlist) => wishlist.items.map((item) => item.productId);

describe('the shopper’s wishlist', () => {
  it('answers 404 "Wishlist not found" before the shopper has one', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await send('GET', `/wishlists/${shopper.user.id}`, shopper);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Wishlist not found' });
  });

  it('creates one empty wishlist, and answers that same one when asked again', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const created = await createWishlistFor(shopper);
    expect(created).toEqual({ _id: expect.any(String), name: 'My Wishlist', items: [] });
    const again = await send('POST', '/wishlists', shopper, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created);
    const listed = await send('GET', `/wishlists/${shopper.user.id}`, shopper);
    expect(listed.json()).toEqual({ wishlists: [created] });
  });

  it('creates a single wishlist when asked several times at once', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const responses = await Promise.all(Array.from({ length: 4 }, () => send('POST', '/wishlists', shopper)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const rows = await ctx.database.db.select().from(wishlists).where(eq(wishlists.userId, shopper.user.id));
    expect(rows).toHaveLength(1);
  });

  it('adds a favourite with the product as GET /products/:id answers it, and lists it', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const { _id } = await createWishlistFor(shopper);
    const response = await addFavourite(shopper, _id, argos.id);
    expect(response.statusCode).toBe(200);
    const product = (await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${argos.id}` })).json();
    expect(response.json()).toEqual({
      message: 'Added to your wishlist',
      wishlist: { _id, name: 'My Wishlist', items: [{ productId: argos.id, product }] },
    });
    const listed = (await send('GET', `/wishlists/${shopper.user.id}`, shopper)).json<WishlistsResponse>();
    expect(listed.wishlists.map(productIds)).toEqual([[argos.id]]);
  });

  it('treats adding a favourite twice as no error and keeps one entry', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const { _id } = await createWishlistFor(shopper);
    await addFavourite(shopper, _id, argos.id);
    const twice = await addFavourite(shopper, _id, argos.id);
    expect(twice.statusCode).toBe(200);
    expect(productIds(twice.json<WishlistChangeResponse>().wishlist)).toEqual([argos.id]);
  });

  it.each([MISSING_ID, 'not-a-product'])('answers 404 "Product not found" for product %s', async (productId) => {
    const shopper = await createUserAndToken(ctx.app);
    const { _id } = await createWishlistFor(shopper);
    const response = await addFavourite(shopper, _id, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Product not found' });
  });

  it('removes a favourite, and removing one that is not there is no error', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const { _id } = await createWishlistFor(shopper);
    await addFavourite(shopper, _id, argos.id);
    await addFavourite(shopper, _id, boots.id);
    const removed = await send('DELETE', `/wishlists/${_id}/items/${argos.id}`, shopper);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<WishlistChangeResponse>().message).toBe('Removed from your wishlist');
    expect(productIds(removed.json<WishlistChangeResponse>().wishlist)).toEqual([boots.id]);
    const again = await send('DELETE', `/wishlists/${_id}/items/${argos.id}`, shopper);
    expect(again.statusCode).toBe(200);
    expect(productIds(again.json<WishlistChangeResponse>().wishlist)).toEqual([boots.id]);
  });

  it('drops a favourite whose product has left the catalogue', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const [gone] = await ctx.database.db
      .insert(products)
      .values(fixtureProduct({ code: 'GONE-GB', merchantName: 'Gone' }))
      .returning();
    if (!gone) throw new Error('no product inserted');
    const { _id } = await createWishlistFor(shopper);
    await addFavourite(shopper, _id, gone.id);
    await ctx.database.db.delete(products).where(eq(products.id, gone.id));
    const listed = (await send('GET', `/wishlists/${shopper.user.id}`, shopper)).json<WishlistsResponse>();
    expect(listed.wishlists.map(productIds)).toEqual([[]]);
  });
});

describe('another user’s wishlist', () => {
  it('cannot be read, added to or taken from, and stays as it was', async () => {
    const [owner, intruder] = [await createUserAndToken(ctx.app), await createUserAndToken(ctx.app)];
    const { _id } = await createWishlistFor(owner);
    await addFavourite(owner, _id, argos.id);
    expect((await send('GET', `/wishlists/${owner.user.id}`, intruder)).statusCode).toBe(403);
    expect((await addFavourite(intruder, _id, boots.id)).statusCode).toBe(403);
    expect((await send('DELETE', `/wishlists/${_id}/items/${argos.id}`, intruder)).statusCode).toBe(403);
    const listed = (await send('GET', `/wishlists/${owner.user.id}`, owner)).json<WishlistsResponse>();
    expect(listed.wishlists.map(productIds)).toEqual([[argos.id]]);
  });

  it.each([MISSING_ID, 'not-a-wishlist'])('is not found when wishlist %s does not exist', async (wishlistId) => {
    const shopper = await createUserAndToken(ctx.app);
    const response = await addFavourite(shopper, wishlistId, argos.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Wishlist not found' });
    expect((await send('DELETE', `/wishlists/${wishlistId}/items/${argos.id}`, shopper)).statusCode).toBe(404);
  });
});

describe('a guest', () => {
  it.each([
    ['GET', '/wishlists/USER'],
    ['POST', '/wishlists'],
    ['POST', '/wishlists/WISHLIST/items'],
    ['DELETE', '/wishlists/WISHLIST/items/PRODUCT'],
  ] as const)('is answered 401 by %s %s', async (method, path) => {
    const owner = await createUserAndToken(ctx.app);
    const { _id } = await createWishlistFor(owner);
    const url = path.replace('USER', owner.user.id).replace('WISHLIST', _id).replace('PRODUCT', argos.id);
    const response = await send(method, url, null, method === 'POST' ? { productId: argos.id } : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });
});
