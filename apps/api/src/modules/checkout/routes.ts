import { checkoutEndpoints, orderEndpoints } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import { checkoutDepsOf } from './deps';
import { checkoutStatusByKey, PAYMENT_FAILED_MESSAGE, PAYMENT_PENDING_MESSAGE, verifyCheckoutSession } from './results';
import { createCheckoutSession } from './service';

/** Card-testing defence: payment pages one account may open per window. */
export const CHECKOUT_SESSIONS_PER_WINDOW = 10;
export const CHECKOUT_LIMIT_WINDOW = '10 minutes';
export const checkoutLimitMessage = (after: string) =>
  `Too many checkout attempts. Please wait ${after} before trying again.`;

/**
 * Paying, for a signed-in buyer: POST /wallets/checkout-session opens a payment, and the payment
 * result screen reads its outcome (GET /orders/verify after the provider's redirect, GET
 * /orders/status by the poll key).
 */
export async function checkoutRoutes(app: App): Promise<void> {
  // Sign-in first (the group's onRequest hook runs before the route's limit), so the limit is per account.
  requireSignIn(app);
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(checkoutEndpoints.createSession),
    config: {
      rateLimit: {
        max: CHECKOUT_SESSIONS_PER_WINDOW,
        timeWindow: CHECKOUT_LIMIT_WINDOW,
        keyGenerator: (request: FastifyRequest) => `checkout:${request.user?.id ?? request.ip}`,
        errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
          new AppError('RATE_LIMITED', checkoutLimitMessage(context.after)),
      },
    },
    handler: (request) => createCheckoutSession(app.db, checkoutDepsOf(app), currentUser(request).id, request.body),
  });

  app.route({
    ...fromContract(orderEndpoints.verify),
    handler: async (request, reply) => {
      const outcome = await verifyCheckoutSession(
        app.db,
        checkoutDepsOf(app),
        currentUser(request).id,
        request.query.session_id,
      );
      if (outcome.status === 'paid')
        return reply
          .status(200)
          .send({ success: true, orderReference: outcome.orderReference, orders: outcome.orders });
      if (outcome.status === 'failed') {
        return reply.status(402).send({ error: PAYMENT_FAILED_MESSAGE, failedOrders: outcome.orders });
      }
      return reply.status(409).send({ error: PAYMENT_PENDING_MESSAGE });
    },
  });

  app.route({
    ...fromContract(orderEndpoints.status),
    handler: (request) => checkoutStatusByKey(app.db, checkoutDepsOf(app), currentUser(request).id, request.query.key),
  });
}
