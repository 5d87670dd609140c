import { opsMoneyEndpoints } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { KeyedQueue } from '../../lib/keyed-queue';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { actorOf, operatorNeed, recordAudit, requireOperator } from '../operators';
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
 * route checks the operator's session and capability on the server before it reads the request,
 * and every change is audited in its own transaction (decisions 045, 049 and 066).
 */
export async function financeOpsRoutes(app: App): Promise<void> {
  requireOperator(app);
  rejectInvalidRequests(app);
  // One queue for the app: a customer's money moves wait their turn here, not in PostgreSQL.
  const queue = new KeyedQueue();
  const deps = (): FinanceDeps => ({ config: app.appConfig, payments: app.payments, queue });
  const acting = (request: FastifyRequest): Acting => ({ actor: actorOf(request), now: app.clock() });
  const money = operatorNeed('money.move');
  const approving = operatorNeed('money.approve');
  const reports = operatorNeed('reports');

  app.route({
    ...fromContract(opsMoneyEndpoints.order),
    config: operatorNeed('customers.view'),
    handler: (request) => getOpsOrder(app.db, app.appConfig.voucherEncryptionKey, request.params.orderId),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.refund),
    config: money,
    handler: (request) => requestRefund(app.db, deps(), acting(request), request.params.orderId, request.body),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.voidVoucher),
    config: money,
    handler: (request) => voidVoucher(app.db, deps(), acting(request), request.params.voucherId, request.body.reason),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.adjustCredit),
    config: money,
    handler: (request) => requestAdjustment(app.db, deps(), acting(request), request.params.userId, request.body),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.approvals),
    config: approving,
    handler: async () => ({ approvals: await listApprovals(app.db) }),
  });

  for (const [endpoint, decision] of [
    [opsMoneyEndpoints.approve, 'approve'],
    [opsMoneyEndpoints.reject, 'reject'],
  ] as const) {
    app.route({
      ...fromContract(endpoint),
      config: approving,
      handler: (request) =>
        decideApproval(app.db, deps(), acting(request), request.params.approvalId, decision, request.body?.reason),
    });
  }

  app.route({
    ...fromContract(opsMoneyEndpoints.outstandingVouchers),
    config: reports,
    handler: () => outstandingVouchersReport(app.db),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.creditOutstanding),
    config: reports,
    handler: () => creditOutstandingReport(app.db),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.sales),
    config: reports,
    handler: (request) => salesReport(app.db, request.query),
  });

  /** A CSV download, itself an action of the audit trail (written before the figures are read). */
  const download = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    filters: object,
    build: (db: typeof app.db) => Promise<string>,
  ) => {
    const { actor, now } = acting(request);
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
    config: reports,
    handler: (request, reply) =>
      download(request, reply, 'outstanding-vouchers', {}, async (db) =>
        outstandingVouchersCsv(await outstandingVouchersReport(db)),
      ),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.creditOutstandingCsv),
    config: reports,
    handler: (request, reply) =>
      download(request, reply, 'credit-outstanding', {}, async (db) =>
        creditOutstandingCsv(await creditOutstandingReport(db)),
      ),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.salesCsv),
    config: reports,
    handler: (request, reply) =>
      download(request, reply, 'sales-and-refunds', request.query, async (db) =>
        salesCsv(await salesReport(db, request.query)),
      ),
  });

  // Codes bought from the supplier (decision 068).
  app.route({
    ...fromContract(opsMoneyEndpoints.waitingCodes),
    config: money,
    handler: () => listWaitingCodes(app.db),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.retryCode),
    config: money,
    handler: (request) =>
      retryWaitingCode(app.codeIssuer, acting(request), request.params.voucherId, request.body?.reason),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.supplierReport),
    config: reports,
    handler: (request) => supplierReport(app.db, app.voucherSupplier, request.query),
  });

  app.route({
    ...fromContract(opsMoneyEndpoints.supplierReportCsv),
    config: reports,
    handler: (request, reply) =>
      download(request, reply, 'supplier-activations', request.query, (db) =>
        supplierActivationsCsv(db, request.query),
      ),
  });
}
