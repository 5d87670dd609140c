import { type RouteObject, useRoutes } from 'react-router';
import { CustomerDetail } from '../components/customer-detail';
import { CustomerSearch } from '../components/customer-search';
import { VoucherDetail } from '../components/voucher-detail';

/**
 * /ops/customers (docs/product/operators.md#customers): the search, a customer's page
 * (/ops/customers/:userId) and a voucher's page (/ops/customers/vouchers/:voucherId). Route
 * objects through useRoutes, as the console's own routes are.
 */
const routes: RouteObject[] = [
  { index: true, element: <CustomerSearch /> },
  { path: 'vouchers/:voucherId', element: <VoucherDetail /> },
  { path: ':userId', element: <CustomerDetail /> },
];

export function CustomersPage() {
  return useRoutes(routes);
}
