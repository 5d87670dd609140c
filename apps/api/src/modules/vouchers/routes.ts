import { voucherEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { assertSameUser, currentUser } from '../../plugins/auth';
import {
  activateVoucher,
  getVoucherDetail,
  listActiveVouchers,
  returnVoucher,
  swapVoucher,
  tillVoucher,
} from './voucher-service';

/**
 * The vouchers a user holds: the active list (:userId, 403 for anyone else), one voucher, its
 * activation, the till, exchange and conversion (someone else's voucher answers 404, never 403).
 */
export async function voucherRoutes(app: App): Promise<void> {
  const signedIn = { onRequest: app.authenticate, attachValidation: true, preHandler: rejectInvalidRequestHook };

  app.route({
    ...fromContract(voucherEndpoints.active),
    ...signedIn,
    handler: (request) => listActiveVouchers(app.db, assertSameUser(request, request.params.userId).id),
  });

  app.route({
    ...fromContract(voucherEndpoints.get),
    ...signedIn,
    handler: (request) => getVoucherDetail(app.db, currentUser(request).id, request.params.id),
  });

  app.route({
    ...fromContract(voucherEndpoints.voucher),
    ...signedIn,
    handler: (request) =>
      tillVoucher(app.db, app.appConfig.voucherEncryptionKey, currentUser(request).id, request.params.id),
  });

  app.route({
    ...fromContract(voucherEndpoints.activate),
    ...signedIn,
    handler: (request) => activateVoucher(app.db, currentUser(request).id, request.params.id, app.clock()),
  });

  app.route({
    ...fromContract(voucherEndpoints.swap),
    ...signedIn,
    handler: (request) =>
      swapVoucher(app.db, {
        userId: currentUser(request).id,
        orderId: request.params.id,
        request: request.body,
        encryptionKey: app.appConfig.voucherEncryptionKey,
        at: app.clock(),
      }),
  });

  app.route({
    ...fromContract(voucherEndpoints.return),
    ...signedIn,
    handler: (request) =>
      returnVoucher(app.db, { userId: currentUser(request).id, orderId: request.params.id, at: app.clock() }),
  });
}
