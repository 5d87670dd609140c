/**
 * The console's money tools and the books (docs/product/operators.md#money, #reports; decision
 * 049): refunds, voids, credit adjustments, the second operator's approval, and the reports. It
 * composes the modules that own the tables it changes (checkout, vouchers, wallets) and keeps
 * the refund and adjustment requests in its own tables.
 */
export { financeOpsRoutes } from './ops-routes';
export { settleRefundsTask, settleWaitingRefunds } from './settle';
