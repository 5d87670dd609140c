import { opsCustomerEndpoints as endpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { giftMailDepsOf } from '../gifts';
import { operatorRoute, requireOperator } from '../operators';
import {
  type CustomerCareDeps,
  correctGiftRecipientForCustomer,
  reissueCodeForCustomer,
  resendGiftForCustomer,
  setCustomerDisabled,
  signCustomerOutEverywhere,
} from './actions';
import { searchCustomers, viewCustomer } from './customer-pages';
import { viewVoucher } from './voucher-page';

/**
 * The console's customer tools (docs/product/operators.md#customers): every route checks the
 * operator's session and capability on the server before it reads the request (decisions 045 and
 * 066, `requireOperator` and `operatorRoute`), then parses and answers; the rules and
 * transactions are in ./actions and the owning modules.
 */
export async function customerCareOpsRoutes(app: App): Promise<void> {
  requireOperator(app);
  rejectInvalidRequests(app);
  const deps: CustomerCareDeps = {
    db: app.db,
    clock: app.clock,
    sessionsEnded: (sessionIds) => {
      for (const sessionId of sessionIds) app.sessions.ended(sessionId);
    },
    gifts: giftMailDepsOf(app),
    encryptionKey: app.appConfig.voucherEncryptionKey,
    publicUrl: app.appConfig.publicUrl,
  };
  const userIdOf = (params: { userId: string }) => params.userId.toLowerCase();

  operatorRoute(app, endpoints.search, 'customers.view', ({ query }) => searchCustomers(app.db, query.q));

  operatorRoute(app, endpoints.customer, 'customers.view', ({ actor, params }) =>
    viewCustomer(app.db, actor, userIdOf(params), app.clock()),
  );

  operatorRoute(app, endpoints.signOutEverywhere, 'customers.help', ({ actor, params, body }) =>
    signCustomerOutEverywhere(deps, actor, userIdOf(params), body.reason),
  );

  operatorRoute(app, endpoints.disable, 'customers.disable', ({ actor, params, body }) =>
    setCustomerDisabled(deps, actor, userIdOf(params), true, body.reason),
  );

  operatorRoute(app, endpoints.enable, 'customers.disable', ({ actor, params, body }) =>
    setCustomerDisabled(deps, actor, userIdOf(params), false, body.reason),
  );

  operatorRoute(app, endpoints.voucher, 'customers.view', ({ actor, params }) =>
    viewVoucher(app.db, actor, params.voucherId, app.clock()),
  );

  operatorRoute(app, endpoints.resendGift, 'customers.help', ({ actor, params, body }) =>
    resendGiftForCustomer(deps, actor, params.voucherId, body.reason),
  );

  operatorRoute(app, endpoints.correctRecipient, 'customers.help', ({ actor, params, body }) =>
    correctGiftRecipientForCustomer(deps, actor, params.voucherId, body),
  );

  operatorRoute(app, endpoints.reissueCode, 'money.move', ({ actor, params, body }) =>
    reissueCodeForCustomer(deps, actor, params.voucherId, body),
  );
}
