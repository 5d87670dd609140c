import { type OperatorCapability, opsCustomerEndpoints } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { giftMailDepsOf } from '../gifts';
import { type Actor, authenticateOperator } from '../ops';
import {
  correctGiftRecipientForCustomer,
  reissueCodeForCustomer,
  resendGiftForCustomer,
  type SupportDeps,
  setCustomerDisabled,
  signCustomerOutEverywhere,
} from './actions';
import { searchCustomers, viewCustomer } from './customer-pages';
import { viewVoucher } from './voucher-page';

/**
 * The console's customer tools (docs/product/operators.md#customers): every route checks the
 * operator's session and capability on the server first (decision 045), then parses and answers;
 * the rules and transactions are in ./actions and the owning modules.
 */
export async function supportRoutes(app: App): Promise<void> {
  const validated = { attachValidation: true, preHandler: rejectInvalidRequestHook } as const;
  const actorFor = async (request: FastifyRequest, capability: OperatorCapability): Promise<Actor> => {
    const operator = await authenticateOperator(
      app.db,
      app.appConfig,
      request.headers.authorization,
      { stage: 'full', capability },
      app.clock(),
    );
    return { operatorId: operator.operatorId, role: operator.role, ip: request.ip };
  };
  const deps: SupportDeps = {
    db: app.db,
    clock: app.clock,
    sessionsEnded: (sessionIds) => {
      for (const sessionId of sessionIds) app.sessions.ended(sessionId);
    },
    gifts: giftMailDepsOf(app),
    encryptionKey: app.appConfig.voucherEncryptionKey,
    publicUrl: app.appConfig.publicUrl,
  };
  const userIdOf = (request: { params: { userId: string } }) => request.params.userId.toLowerCase();

  app.route({
    ...fromContract(opsCustomerEndpoints.search),
    ...validated,
    handler: async (request) => {
      await actorFor(request, 'customers.view');
      return searchCustomers(app.db, request.query.q);
    },
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.customer),
    ...validated,
    handler: async (request) =>
      viewCustomer(app.db, await actorFor(request, 'customers.view'), userIdOf(request), app.clock()),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.signOutEverywhere),
    ...validated,
    handler: async (request) =>
      signCustomerOutEverywhere(
        deps,
        await actorFor(request, 'customers.help'),
        userIdOf(request),
        request.body.reason,
      ),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.disable),
    ...validated,
    handler: async (request) =>
      setCustomerDisabled(
        deps,
        await actorFor(request, 'customers.disable'),
        userIdOf(request),
        true,
        request.body.reason,
      ),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.enable),
    ...validated,
    handler: async (request) =>
      setCustomerDisabled(
        deps,
        await actorFor(request, 'customers.disable'),
        userIdOf(request),
        false,
        request.body.reason,
      ),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.voucher),
    ...validated,
    handler: async (request) =>
      viewVoucher(app.db, await actorFor(request, 'customers.view'), request.params.voucherId, app.clock()),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.resendGift),
    ...validated,
    handler: async (request) =>
      resendGiftForCustomer(
        deps,
        await actorFor(request, 'customers.help'),
        request.params.voucherId,
        request.body.reason,
      ),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.correctRecipient),
    ...validated,
    handler: async (request) =>
      correctGiftRecipientForCustomer(
        deps,
        await actorFor(request, 'customers.help'),
        request.params.voucherId,
        request.body,
      ),
  });

  app.route({
    ...fromContract(opsCustomerEndpoints.reissueCode),
    ...validated,
    handler: async (request) =>
      reissueCodeForCustomer(
        deps,
        await actorFor(request, 'money.move'),
        request.params.voucherId,
        request.body.reason,
      ),
  });
}
