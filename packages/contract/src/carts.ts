import { z } from 'zod';
import {
  INVALID_CARD_VALUE_MESSAGE,
  MAX_BULK_CART_ITEMS,
  MAX_QUANTITY_PER_LINE,
  QUANTITY_MESSAGE,
} from './cart-limits';
import { productSchema } from './catalog';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

export {
  CART_ITEM_NOT_FOUND_MESSAGE,
  CART_NOT_FOUND_MESSAGE,
  INVALID_CARD_VALUE_MESSAGE,
  MAX_BULK_CART_ITEMS,
  MAX_QUANTITY_PER_LINE,
  QUANTITY_LIMIT_MESSAGE,
  QUANTITY_MESSAGE,
} from './cart-limits';

export const BULK_CART_REJECTED_MESSAGE = 'Some items could not be saved to your cart';

/** Ids are opaque strings on the wire (docs/product/README.md#api-conventions); the server judges them. */
const idSchema = text().trim().min(1).max(64);

export const cartQuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int({ error: QUANTITY_MESSAGE })
  .min(1, { error: QUANTITY_MESSAGE })
  .max(MAX_QUANTITY_PER_LINE, { error: QUANTITY_MESSAGE });

/** A value per card in major units (25, 12.5): above 0 and in whole pence. */
export const selectedValueSchema = z
  .number({ error: INVALID_CARD_VALUE_MESSAGE })
  .positive({ error: INVALID_CARD_VALUE_MESSAGE })
  .multipleOf(0.01, { error: INVALID_CARD_VALUE_MESSAGE })
  .max(1_000_000, { error: INVALID_CARD_VALUE_MESSAGE });

/** One line to put in a cart: the body of POST /carts/:userId/items and each bulk item. */
export const cartLineRequestSchema = z.object({
  productId: idSchema,
  quantity: cartQuantitySchema,
  selectedValue: selectedValueSchema,
});
export type CartLineRequest = z.infer<typeof cartLineRequestSchema>;

export const createCartRequestSchema = z.object({ userId: idSchema });
export type CreateCartRequest = z.infer<typeof createCartRequestSchema>;

export const bulkAddCartItemsRequestSchema = z.object({
  items: z
    .array(cartLineRequestSchema)
    .min(1, { error: 'Send at least one item' })
    .max(MAX_BULK_CART_ITEMS, { error: `Send at most ${MAX_BULK_CART_ITEMS} items at once` }),
});
export type BulkAddCartItemsRequest = z.infer<typeof bulkAddCartItemsRequestSchema>;

export const updateCartItemRequestSchema = z.object({ quantity: cartQuantitySchema });
export type UpdateCartItemRequest = z.infer<typeof updateCartItemRequestSchema>;

export const cartUserParamsSchema = z.object({ userId: idSchema });
export const cartItemParamsSchema = z.object({ userId: idSchema, itemId: idSchema });

/** A line of the server cart; selectedValue in major units, product as GET /products/:id answers. */
export const cartItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
  selectedValue: z.number(),
  product: productSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** Every cart endpoint answers the whole cart. */
export const cartSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  items: z.array(cartItemSchema),
});
export type Cart = z.infer<typeof cartSchema>;

/** The server cart of a signed-in shopper (docs/product/buying.md#cart); every answer is the whole cart. */
export const cartEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/carts',
    summary: "Create the caller's cart, or answer the one they have",
    body: createCartRequestSchema,
    responses: { 200: cartSchema, 201: cartSchema, ...errorResponses(400, 401, 403) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/carts/:userId',
    summary: "The caller's cart, each line with its product",
    params: cartUserParamsSchema,
    responses: { 200: cartSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/carts/:userId/items',
    summary: 'Add a line; the same product at the same value merges into its line',
    params: cartUserParamsSchema,
    body: cartLineRequestSchema,
    responses: { 200: cartSchema, ...errorResponses(400, 401, 403, 404, 422) },
  }),
  addItems: defineEndpoint({
    method: 'POST',
    path: '/carts/:userId/items/bulk',
    summary: 'Save the lines a guest built before signing in, all or nothing',
    params: cartUserParamsSchema,
    body: bulkAddCartItemsRequestSchema,
    responses: { 200: cartSchema, ...errorResponses(400, 401, 403) },
  }),
  updateItem: defineEndpoint({
    method: 'PATCH',
    path: '/carts/:userId/items/:itemId',
    summary: "Change a line's quantity",
    params: cartItemParamsSchema,
    body: updateCartItemRequestSchema,
    responses: { 200: cartSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/carts/:userId/items/:itemId',
    summary: 'Remove a line',
    params: cartItemParamsSchema,
    responses: { 200: cartSchema, ...errorResponses(400, 401, 403, 404) },
  }),
};
