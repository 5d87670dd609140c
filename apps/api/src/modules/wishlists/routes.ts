import {
  addWishlistItemRequestSchema,
  createWishlistRequestSchema,
  errorResponseSchema,
  WISHLIST_ITEM_ADDED_MESSAGE,
  WISHLIST_ITEM_REMOVED_MESSAGE,
  wishlistChangeResponseSchema,
  wishlistItemParamsSchema,
  wishlistParamsSchema,
  wishlistSchema,
  wishlistsResponseSchema,
  wishlistUserParamsSchema,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { addWishlistItem, createWishlist, getWishlists, removeWishlistItem } from './service';

const errors = (...statuses: (400 | 401 | 403 | 404)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

/** The signed-in shopper's wishlist (spec 000 sections 2, 4 and 7). */
export async function wishlistRoutes(app: App): Promise<void> {
  // onRequest, so an anonymous caller learns nothing from validation before being refused.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/wishlists/:userId',
    {
      schema: {
        params: wishlistUserParamsSchema,
        response: { 200: wishlistsResponseSchema, ...errors(401, 403, 404) },
      },
    },
    (request) => getWishlists(app.db, assertSameUser(request, request.params.userId).id),
  );

  app.post(
    '/wishlists',
    {
      schema: {
        body: createWishlistRequestSchema,
        response: { 200: wishlistSchema, 201: wishlistSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { wishlist, created } = await createWishlist(app.db, currentUser(request).id);
      return reply.status(created ? 201 : 200).send(wishlist);
    },
  );

  app.post(
    '/wishlists/:wishlistId/items',
    {
      schema: {
        params: wishlistParamsSchema,
        body: addWishlistItemRequestSchema,
        response: { 200: wishlistChangeResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { wishlistId } = request.params;
      const wishlist = await addWishlistItem(app.db, currentUser(request).id, wishlistId, request.body.productId);
      return { message: WISHLIST_ITEM_ADDED_MESSAGE, wishlist };
    },
  );

  app.delete(
    '/wishlists/:wishlistId/items/:productId',
    {
      schema: {
        params: wishlistItemParamsSchema,
        response: { 200: wishlistChangeResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { wishlistId, productId } = request.params;
      const wishlist = await removeWishlistItem(app.db, currentUser(request).id, wishlistId, productId);
      return { message: WISHLIST_ITEM_REMOVED_MESSAGE, wishlist };
    },
  );
}
