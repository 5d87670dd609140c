import {
  bulkAddCartItemsRequestSchema,
  cartItemParamsSchema,
  cartLineRequestSchema,
  cartSchema,
  cartUserParamsSchema,
  createCartRequestSchema,
  errorResponseSchema,
  updateCartItemRequestSchema,
} from '@gvm/contract';
import type { App } from '../../app-types';
import { assertSameUser } from '../../plugins/auth';
import { addCartItem, addCartItems, createCart, getCart, removeCartItem, updateCartItem } from './service';
import { rejectInvalidCartRequest } from './validation';

const errors = (...statuses: (400 | 401 | 403 | 404 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

/** The server cart of a signed-in shopper (spec 000 sections 4 and 7); every answer is the whole cart. */
export async function cartRoutes(app: App): Promise<void> {
  // onRequest, so an anonymous caller learns nothing from validation before being refused; the
  // handlers check the path's :userId before the body, so another user's cart answers 403 first.
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/carts',
    {
      schema: {
        body: createCartRequestSchema,
        response: { 200: cartSchema, 201: cartSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = assertSameUser(request, request.body.userId);
      const { cart, created } = await createCart(app.db, user.id);
      return reply.status(created ? 201 : 200).send(cart);
    },
  );

  app.get(
    '/carts/:userId',
    { schema: { params: cartUserParamsSchema, response: { 200: cartSchema, ...errors(401, 403, 404) } } },
    (request) => getCart(app.db, assertSameUser(request, request.params.userId).id),
  );

  app.post(
    '/carts/:userId/items',
    {
      schema: {
        params: cartUserParamsSchema,
        body: cartLineRequestSchema,
        response: { 200: cartSchema, ...errors(400, 401, 403, 404, 422) },
      },
      attachValidation: true,
    },
    (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return addCartItem(app.db, user.id, request.body);
    },
  );

  app.post(
    '/carts/:userId/items/bulk',
    {
      schema: {
        params: cartUserParamsSchema,
        body: bulkAddCartItemsRequestSchema,
        response: { 200: cartSchema, ...errors(400, 401, 403) },
      },
      attachValidation: true,
    },
    (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return addCartItems(app.db, user.id, request.body.items);
    },
  );

  app.patch(
    '/carts/:userId/items/:itemId',
    {
      schema: {
        params: cartItemParamsSchema,
        body: updateCartItemRequestSchema,
        response: { 200: cartSchema, ...errors(400, 401, 403, 404) },
      },
      attachValidation: true,
    },
    (request) => {
      const user = assertSameUser(request, request.params.userId);
      rejectInvalidCartRequest(request);
      return updateCartItem(app.db, user.id, request.params.itemId, request.body.quantity);
    },
  );

  app.delete(
    '/carts/:userId/items/:itemId',
    { schema: { params: cartItemParamsSchema, response: { 200: cartSchema, ...errors(401, 403, 404) } } },
    (request) => removeCartItem(app.db, assertSameUser(request, request.params.userId).id, request.params.itemId),
  );
}
