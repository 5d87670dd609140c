import { CHECKOUT_FAILED_MESSAGE, checkoutErrorSchema, NO_CHECKOUT_URL_MESSAGE } from '@gvm/contract';
import { ApiError } from '@/lib/api-client';

/** Thrown when the server answers without a payment page to go to. */
export class NoCheckoutUrlError extends Error {
  constructor() {
    super(NO_CHECKOUT_URL_MESSAGE);
    this.name = 'NoCheckoutUrlError';
  }
}

/**
 * docs/product/buying.md#checkout: the server's details, else its error, else 'Failed to
 * create checkout session'; an answer without a URL says so. When the server was never reached
 * the reason (offline, timed out) is more use than the fallback.
 */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = checkoutErrorSchema.safeParse(error.data);
    if (body.success) return body.data.details || body.data.error || CHECKOUT_FAILED_MESSAGE;
    return error.networkError ? error.message : CHECKOUT_FAILED_MESSAGE;
  }
  // A 200 whose body is not `{ url }` fails the contract's parse: there is no URL to follow.
  return NO_CHECKOUT_URL_MESSAGE;
}

/** The name error (and any other that points there) comes with a link to Settings. */
export function mentionsSettings(message: string): boolean {
  return message.includes('Settings');
}
