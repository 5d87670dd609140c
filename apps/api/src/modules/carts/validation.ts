import {
  BULK_CART_REJECTED_MESSAGE,
  type FieldError,
  INVALID_CARD_VALUE_MESSAGE,
  QUANTITY_MESSAGE,
} from '@gvm/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * Spec 000 section 8: the client shows the server's `error` text when adding to the cart fails,
 * so a bad value or quantity is named in that text rather than as a generic 'Invalid request'.
 * Routes opt in with `attachValidation: true` and call this first.
 */
export function rejectInvalidCartRequest(request: FastifyRequest): void {
  const failure = request.validationError;
  if (!failure) return;
  const issues: FastifySchemaValidationError[] = failure.validation ?? [];
  const errors: FieldError[] = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(failure.validationContext ?? ''),
    message: issue.message ?? 'Invalid value',
  }));
  throw new AppError('VALIDATION', summarise(errors), errors);
}

function summarise(errors: readonly FieldError[]): string {
  if (errors.some((error) => /^items\.\d+\./.test(error.path))) return BULK_CART_REJECTED_MESSAGE;
  if (errors.some((error) => error.path === 'selectedValue')) return INVALID_CARD_VALUE_MESSAGE;
  if (errors.some((error) => error.path === 'quantity')) return QUANTITY_MESSAGE;
  return 'Invalid request';
}
