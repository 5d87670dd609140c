import { z } from 'zod';
import { productSchema } from './catalog';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

export {
  WISHLIST_ITEM_ADDED_MESSAGE,
  WISHLIST_ITEM_REMOVED_MESSAGE,
  WISHLIST_LOGIN_REQUIRED_MESSAGE,
  WISHLIST_NOT_FOUND_MESSAGE,
} from './wishlist-messages';

const idSchema = text().trim().min(1).max(64);

export const wishlistUserParamsSchema = z.object({ userId: idSchema });
export const wishlistParamsSchema = z.object({ wishlistId: idSchema });
export const wishlistItemParamsSchema = z.object({ wishlistId: idSchema, productId: idSchema });

/** POST /wishlists carries no body (docs/product/browsing.md#wishlist); an empty object is accepted too. */
export const createWishlistRequestSchema = z.object({}).nullish();

export const addWishlistItemRequestSchema = z.object({ productId: idSchema });
export type AddWishlistItemRequest = z.infer<typeof addWishlistItemRequestSchema>;

export const wishlistItemSchema = z.object({
  productId: z.string(),
  product: productSchema,
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  items: z.array(wishlistItemSchema),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

/** GET /wishlists/:userId: a user has a list of wishlists and the client uses the first. */
export const wishlistsResponseSchema = z.object({ wishlists: z.array(wishlistSchema) });
export type WishlistsResponse = z.infer<typeof wishlistsResponseSchema>;

/** Adding or removing an item answers a message for the toast and the wishlist as it now is. */
export const wishlistChangeResponseSchema = z.object({ message: z.string(), wishlist: wishlistSchema });
export type WishlistChangeResponse = z.infer<typeof wishlistChangeResponseSchema>;

/** The signed-in shopper's wishlist (docs/product/browsing.md#wishlist). */
export const wishlistEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/wishlists/:userId',
    summary: "The caller's wishlists with their products; 404 while they have none",
    params: wishlistUserParamsSchema,
    responses: { 200: wishlistsResponseSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/wishlists',
    summary: "Create the caller's wishlist, or answer the one they have",
    body: createWishlistRequestSchema,
    responses: { 200: wishlistSchema, 201: wishlistSchema, ...errorResponses(400, 401) },
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/wishlists/:wishlistId/items',
    summary: 'Add a product to a wishlist (adding it twice is not an error)',
    params: wishlistParamsSchema,
    body: addWishlistItemRequestSchema,
    responses: { 200: wishlistChangeResponseSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/wishlists/:wishlistId/items/:productId',
    summary: 'Remove a product from a wishlist (removing one not there is not an error)',
    params: wishlistItemParamsSchema,
    responses: { 200: wishlistChangeResponseSchema, ...errorResponses(400, 401, 403, 404) },
  }),
};
