/**
 * The operator console's public face (docs/product/operators.md#the-console). The console is an
 * entry of its own (ops.html, app/ops-app.tsx, decision 052) that the shop never imports, so
 * nothing of it is in a shopper's first load; console pages are listed in console-pages.tsx.
 */
export { callOps, downloadOpsFile, readOpsToken } from './api/ops-client';
export { AdjustCreditForm } from './components/adjust-credit-form';
export { VoucherStateBadge } from './components/state-badge';
export { type Operator, useOperator } from './hooks/use-operator';
export { OpsConsole } from './pages/console-page';
