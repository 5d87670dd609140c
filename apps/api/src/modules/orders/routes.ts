import { giftEndpoints, orderEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import {
  checkoutDepsOf,
  checkoutStatusByKey,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  verifyCheckoutSession,
} from '../checkout';
import { giftRoutes } from './gift-routes';
import { findGiftByToken } from './service';

/** The payment result screen's calls (buyer only) and the public gift landing page. */
export async function orderRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(orderEndpoints.verify),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: async (request, reply) => {
      const outcome = await verifyCheckoutSession(
        app.db,
        checkoutDepsOf(app),
        currentUser(request).id,
        request.query.session_id,
      );
      if (outcome.status === 'paid') return reply.status(200).send({ success: true, orders: outcome.orders });
      if (outcome.status === 'failed') {
        return reply.status(402).send({ error: PAYMENT_FAILED_MESSAGE, failedOrders: outcome.orders });
      }
      return reply.status(409).send({ error: PAYMENT_PENDING_MESSAGE });
    },
  });

  app.route({
    ...fromContract(orderEndpoints.status),
    onRequest: app.authenticate,
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) => checkoutStatusByKey(app.db, checkoutDepsOf(app), currentUser(request).id, request.query.key),
  });

  app.route({
    ...fromContract(giftEndpoints.get),
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler: (request) => findGiftByToken(app.db, request.params.token),
  });

  await app.register(giftRoutes);
}
