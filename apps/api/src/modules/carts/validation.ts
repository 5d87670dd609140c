import {
  BULK_CART_REJECTED_MESSAGE,
  type FieldError,
  INVALID_CARD_VALUE_MESSAGE,
  QUANTITY_MESSAGE,
} from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import { rejectInvalidRequest } from '../../lib/validation';

/**
 * docs/product/buying.md#cart: the client shows the server's `error` text when adding to the cart fails,
 * so a bad value or quantity is named in that text rather than as a generic 'Invalid request'.
 * Routes opt in with `attachValidation: true` and call this first.
 */
export function rejectInvalidCartRequest(request: FastifyRequest): void {
  rejectInvalidRequest(request, summarise);
}

function summarise(errors: readonly FieldError[]): string {
  if (errors.some((error) => /^items\.\d+\./.test(error.path))) return BULK_CART_REJECTED_MESSAGE;
  if (errors.some((error) => error.path === 'selectedValue')) return INVALID_CARD_VALUE_MESSAGE;
  if (errors.some((error) => error.path === 'quantity')) return QUANTITY_MESSAGE;
  return 'Invalid request';
}
