import { cartEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser } from '../../plugins/auth';
import { requireSignIn } from '../../plugins/route-groups';
import { addCartItem, addCartItems, createCart, getCart, removeCartItem, updateCartItem } from './service';
import { rejectInvalidCartRequest } from './validation';

/** The server cart of a signed-in shopper (docs/product/buying.md#cart); every answer is the whole cart. */
export async function cartRoutes(app: App): Promise<void> {
  // onRequest, so an anonymous caller learns nothing from validation before being refused; the
  // handlers check the path's :userId before the body, so another user's cart answers 403 first.
  requireSignIn(app);

  app.route({
    ...fromContract(cartEndpoints.create),
    handler: async (request, reply) => {
      const user = assertSameUser(request, request.body.userId);
      const { cart, created } = await createCart(app.db, user.id);
      return reply.status(created ? 201 : 200).send(cart);
    },
  });

  app.route({
    ...fromContract(cartEndpoints.get),
    handler: (request) => getCart(app.db, assertSameUser(request, request.params.userId).id),
  });

  app.route({
    ...fromContract(cartEndpoints.addItem),
    attachValidation: true,
    handler: (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return addCartItem(app.db, user.id, request.body);
    },
  });

  app.route({
    ...fromContract(cartEndpoints.addItems),
    attachValidation: true,
    handler: (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return addCartItems(app.db, user.id, request.body.items);
    },
  });

  app.route({
    ...fromContract(cartEndpoints.updateItem),
    attachValidation: true,
    handler: (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return updateCartItem(app.db, user.id, request.params.itemId, request.body.quantity);
    },
  });

  app.route({
    ...fromContract(cartEndpoints.removeItem),
    handler: (request) =>
      removeCartItem(app.db, assertSameUser(request, request.params.userId).id, request.params.itemId),
  });
}
