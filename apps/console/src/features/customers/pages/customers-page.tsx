import { useMemo } from 'react';
import { type RouteObject, useRoutes, useSearchParams } from 'react-router';
import { CustomerDetail } from '../components/customer-detail';
import { CustomerSearch } from '../components/customer-search';
import { VoucherDetail } from '../components/voucher-detail';
import { type CustomerLinks, CustomerLinksContext } from '../lib/customer-links';

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

/**
 * The search's text travels with its results: each customer's and voucher's page opened from it
 * keeps `?q=` in its address, so 'Back to the search' (and a reload, or the address in another
 * tab) comes back to the same results.
 */
export function searchLinks(q: string): CustomerLinks {
  const keep = q ? `?${new URLSearchParams({ q })}` : '';
  return {
    voucher: (voucherId) => `/ops/customers/vouchers/${voucherId}${keep}`,
    customer: (userId) => `/ops/customers/${userId}${keep}`,
    embedded: false,
    back: { to: `/ops/customers${keep}`, label: 'Back to the search' },
  };
}

export function CustomersPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const links = useMemo(() => searchLinks(q), [q]);
  return <CustomerLinksContext.Provider value={links}>{useRoutes(routes)}</CustomerLinksContext.Provider>;
}
