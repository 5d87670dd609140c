/**
 * Customers (docs/product/operators.md#customers): the search, a customer's page and a voucher's.
 * The Chat page shows a customer and a voucher beside the conversation with links of its own.
 */
export { CustomerPanel } from './components/customer-detail';
export { VoucherDetail } from './components/voucher-detail';
export { type CustomerLinks, CustomerLinksContext } from './lib/customer-links';
