/**
 * The cart's limits and messages (docs/product/buying.md#cart), apart from the schemas that use
 * them: they need no zod, so the web's first load can import them without it (decision 023).
 * `./carts` re-exports them.
 */
/** docs/product/buying.md#cart: a cart line holds 1 to 5 vouchers. */
export const MAX_QUANTITY_PER_LINE = 5;
/** The most lines one bulk save may carry (a guest's local cart saved after sign-in). */
export const MAX_BULK_CART_ITEMS = 50;

/** docs/product/buying.md#cart: the add-to-cart failure text the client falls back on, used exactly. */
export const INVALID_CARD_VALUE_MESSAGE = 'Please select a valid value for the card';
export const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 5';
export const QUANTITY_LIMIT_MESSAGE = 'You can buy at most 5 of one voucher';
export const CART_NOT_FOUND_MESSAGE = 'Cart not found';
export const CART_ITEM_NOT_FOUND_MESSAGE = 'Cart item not found';
