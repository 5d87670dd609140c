import { checkoutEndpoints } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { rejectInvalidRequest } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { checkoutDepsOf } from './deps';
import { createCheckoutSession } from './service';

/** Card-testing defence: payment pages one account may open per window. */
export const CHECKOUT_SESSIONS_PER_WINDOW = 10;
export const CHECKOUT_LIMIT_WINDOW = '10 minutes';
export const checkoutLimitMessage = (after: string) =>
  `Too many checkout attempts. Please wait ${after} before trying again.`;

/** POST /wallets/checkout-session (docs/product/buying.md#checkout-session; decision 017). */
export async function checkoutRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(checkoutEndpoints.createSession),
    // Authentication first (route onRequest runs before the limit's hook), so the limit is per account.
    onRequest: app.authenticate,
    attachValidation: true,
    config: {
      rateLimit: {
        max: CHECKOUT_SESSIONS_PER_WINDOW,
        timeWindow: CHECKOUT_LIMIT_WINDOW,
        keyGenerator: (request: FastifyRequest) => `checkout:${request.user?.id ?? request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
          new AppError('RATE_LIMITED', checkoutLimitMessage(context.after)),
      },
    },
    handler: async (request) => {
      const user = currentUser(request);
      rejectInvalidRequest(request);
      return createCheckoutSession(app.db, checkoutDepsOf(app), user.id, request.body);
    },
  });
}
