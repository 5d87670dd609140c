/**
 * Money (docs/product/operators.md#money): an order's refunds, voids, credit adjustments,
 * Approvals and the supplier's waiting codes. A customer's and a voucher's pages use the
 * adjustment form and the void.
 */
export { useVoidVoucher } from './api/money';
export { AdjustCreditForm } from './components/adjust-credit-form';
