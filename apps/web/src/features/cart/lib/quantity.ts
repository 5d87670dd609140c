import { QUANTITY_OPTIONS } from '@gvm/contract';

const MIN_QUANTITY = QUANTITY_OPTIONS[0];
const MAX_QUANTITY = QUANTITY_OPTIONS[QUANTITY_OPTIONS.length - 1] ?? MIN_QUANTITY;

export { MAX_QUANTITY, MIN_QUANTITY };

/** docs/product/buying.md#cart: a cart line holds 1 to 5 vouchers; anything else is brought into range. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(quantity)));
}
