import { WISHLIST_ITEM_ADDED_MESSAGE, WISHLIST_ITEM_REMOVED_MESSAGE, wishlistEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { requireSignIn } from '../../plugins/route-groups';
import { addWishlistItem, createWishlist, getWishlists, removeWishlistItem } from './service';

/** The signed-in shopper's wishlist (docs/product/browsing.md#wishlist). */
export async function wishlistRoutes(app: App): Promise<void> {
  // onRequest, so an anonymous caller learns nothing from validation before being refused.
  requireSignIn(app);

  app.route({
    ...fromContract(wishlistEndpoints.list),
    handler: (request) => getWishlists(app.db, assertSameUser(request, request.params.userId).id),
  });

  app.route({
    ...fromContract(wishlistEndpoints.create),
    handler: async (request, reply) => {
      const { wishlist, created } = await createWishlist(app.db, currentUser(request).id);
      return reply.status(created ? 201 : 200).send(wishlist);
    },
  });

  app.route({
    ...fromContract(wishlistEndpoints.addItem),
    handler: async (request) => {
      const { wishlistId } = request.params;
      const wishlist = await addWishlistItem(app.db, currentUser(request).id, wishlistId, request.body.productId);
      return { message: WISHLIST_ITEM_ADDED_MESSAGE, wishlist };
    },
  });

  app.route({
    ...fromContract(wishlistEndpoints.removeItem),
    handler: async (request) => {
      const { wishlistId, productId } = request.params;
      const wishlist = await removeWishlistItem(app.db, currentUser(request).id, wishlistId, productId);
      return { message: WISHLIST_ITEM_REMOVED_MESSAGE, wishlist };
    },
  });
}
