import { voucherEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser, currentUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import {
  activateVoucher,
  type GiftOfVoucher,
  getVoucherDetail,
  listActiveVouchers,
  returnVoucher,
  swapVoucher,
  tillVoucher,
} from './service';

/**
 * The vouchers a user holds: the active list (:userId, 403 for anyone else), one voucher, its
 * activation (the code bought through `app.codeIssuer`), the till, exchange and conversion
 * (someone else's voucher answers 404, never 403). All for a signed-in caller. `giftOf` tells
 * whether a voucher was sent as a gift, and by whom.
 */
export async function voucherRoutes(app: App, options: { giftOf: GiftOfVoucher }): Promise<void> {
  requireSignIn(app);
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(voucherEndpoints.active),
    handler: (request) => listActiveVouchers(app.db, assertSameUser(request, request.params.userId).id, app.clock()),
  });

  app.route({
    ...fromContract(voucherEndpoints.get),
    handler: (request) => getVoucherDetail(app.db, options.giftOf, currentUser(request).id, request.params.id),
  });

  app.route({
    ...fromContract(voucherEndpoints.voucher),
    handler: async (request, reply) => {
      const till = await tillVoucher(
        app.db,
        app.appConfig.voucherEncryptionKey,
        currentUser(request).id,
        request.params.id,
        app.clock(),
      );
      return reply.code(till.status).send(till.body);
    },
  });

  app.route({
    ...fromContract(voucherEndpoints.activate),
    handler: async (request, reply) => {
      const answer = await activateVoucher(
        app.db,
        app.codeIssuer,
        currentUser(request).id,
        request.params.id,
        app.clock,
      );
      return reply.code(answer.status).send(answer.body);
    },
  });

  app.route({
    ...fromContract(voucherEndpoints.swap),
    handler: (request) =>
      swapVoucher(app.db, {
        userId: currentUser(request).id,
        orderId: request.params.id,
        request: request.body,
        at: app.clock(),
      }),
  });

  app.route({
    ...fromContract(voucherEndpoints.return),
    handler: (request) =>
      returnVoucher(app.db, { userId: currentUser(request).id, orderId: request.params.id, at: app.clock() }),
  });
}
