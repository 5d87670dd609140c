import { opsMoneyEndpoints } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { authenticateOperator, recordAudit, type SessionNeed } from '../ops';
import { requestAdjustment } from './adjustments';
import { decideApproval, listApprovals } from './approvals';
import { listWaitingCodes, retryWaitingCode, supplierActivationsCsv, supplierReport } from './codes';
import type { Acting, FinanceDeps } from './deps';
import { getOpsOrder } from './order-view';
import { requestRefund } from './refunds';
import {
  creditOutstandingCsv,
  creditOutstandingReport,
  outstandingVouchersCsv,
  outstandingVouchersReport,
  salesCsv,
  salesReport,
} from './reports';
import { voidVoucher } from './void';

/**
 * The console's money tools and reports (docs/product/operators.md#money and #reports): every
 * route checks the operator's session and capability on the server, and every change is
 * audited in its own transaction (decision 045, decision 049).
 */
export async function financeRoutes(app: App): Promise<void> {
  const validated = { attachValidation: true, preHandler: rejectInvalidRequestHook } as const;
  const deps = (): FinanceDeps => ({ config: app.appConfig, payments: app.payments });
  const acting = async (request: FastifyRequest, need: SessionNeed): Promise<Acting> => {
    const now = app.clock();
    const operator = await authenticateOperator(app.db, app.appConfig, request.headers.authorization, need, now);
    return { actor: { operatorId: operator.operatorId, role: operator.role, ip: request.ip }, now };
  };
  const money = { stage: 'full', capability: 'money.move' } as const;
  const approving = { stage: 'full', capability: 'money.approve' } as const;
  const reports = { stage: 'full', capability: 'reports' } as const;

  app.route({
    ...fromContract(opsMoneyEndpoints.order),
    ...validated,
    handler: async (request) => {
      await acting(request, { stage: 'full', capability: 'customers.view' });
      return getOpsOrder(app.db, app.appConfig.voucherEncryptionKey, request.params.orderId);
    },
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.refund),
    ...validated,
    handler: async (request) =>
      requestRefund(app.db, deps(), await acting(request, money), request.params.orderId, request.body),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.voidVoucher),
    ...validated,
    handler: async (request) =>
      voidVoucher(app.db, deps(), await acting(request, money), request.params.voucherId, request.body.reason),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.adjustCredit),
    ...validated,
    handler: async (request) =>
      requestAdjustment(app.db, await acting(request, money), request.params.userId, request.body),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.approvals),
    handler: async (request) => {
      await acting(request, approving);
      return { approvals: await listApprovals(app.db) };
    },
  });

  for (const [endpoint, decision] of [
    [opsMoneyEndpoints.approve, 'approve'],
    [opsMoneyEndpoints.reject, 'reject'],
  ] as const) {
    app.route({
      ...fromContract(endpoint),
      ...validated,
      handler: async (request) =>
        decideApproval(
          app.db,
          deps(),
          await acting(request, approving),
          request.params.approvalId,
          decision,
          request.body?.reason,
        ),
    });
  }

  app.route({
    ...fromContract(opsMoneyEndpoints.outstandingVouchers),
    handler: async (request) => {
      await acting(request, reports);
      return outstandingVouchersReport(app.db);
    },
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.creditOutstanding),
    handler: async (request) => {
      await acting(request, reports);
      return creditOutstandingReport(app.db);
    },
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.sales),
    ...validated,
    handler: async (request) => {
      await acting(request, reports);
      return salesReport(app.db, request.query);
    },
  });

  /** A CSV download, itself an action of the audit trail (written before the figures are read). */
  const download = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    filters: object,
    build: (db: typeof app.db) => Promise<string>,
  ) => {
    const { actor, now } = await acting(request, reports);
    const csv = await app.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        actor,
        { action: 'report.export', targetType: 'report', targetId: name, after: { filters } },
        now,
      );
      return build(tx as unknown as typeof app.db);
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  };

  app.route({
    ...fromContract(opsMoneyEndpoints.outstandingVouchersCsv),
    handler: (request, reply) =>
      download(request, reply, 'outstanding-vouchers', {}, async (db) =>
        outstandingVouchersCsv(await outstandingVouchersReport(db)),
      ),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.creditOutstandingCsv),
    handler: (request, reply) =>
      download(request, reply, 'credit-outstanding', {}, async (db) =>
        creditOutstandingCsv(await creditOutstandingReport(db)),
      ),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.salesCsv),
    ...validated,
    handler: (request, reply) =>
      download(request, reply, 'sales-and-refunds', request.query, async (db) =>
        salesCsv(await salesReport(db, request.query)),
      ),
  });

  // Codes bought from the supplier (decision 063).
  app.route({
    ...fromContract(opsMoneyEndpoints.waitingCodes),
    handler: async (request) => {
      await acting(request, money);
      return listWaitingCodes(app.db);
    },
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.retryCode),
    ...validated,
    handler: async (request) =>
      retryWaitingCode(app.codeIssuer, await acting(request, money), request.params.voucherId, request.body?.reason),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.supplierReport),
    ...validated,
    handler: async (request) => {
      await acting(request, reports);
      return supplierReport(app.db, app.voucherSupplier, request.query);
    },
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.supplierReportCsv),
    ...validated,
    handler: (request, reply) =>
      download(request, reply, 'supplier-activations', request.query, (db) =>
        supplierActivationsCsv(db, request.query),
      ),
  });
}
