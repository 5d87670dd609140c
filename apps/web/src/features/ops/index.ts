/**
 * The operator console's public face (docs/product/operators.md#the-console). The app's router
 * loads the console itself lazily (pages/console-page.tsx), so nothing of it is in a shopper's
 * first load; console pages are listed in console-pages.tsx.
 */
export { callOps, downloadOpsFile, readOpsToken } from './api/ops-client';
export { AdjustCreditForm } from './components/adjust-credit-form';
export { VoucherStateBadge } from './components/state-badge';
export { VoidVoucherForm } from './components/void-voucher-form';
export { type Operator, useOperator } from './hooks/use-operator';
