import { ConsolePageHeading } from '@console/components/console-page-heading';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { moneyText } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCustomerSearch } from '../api/customers';
import { useCustomerLinks } from '../lib/customer-links';
import { VoucherTable } from './voucher-table';

/**
 * 'Search customers, orders or vouchers': part of an e-mail, an order id, or a voucher code's last
 * four characters. The query lives in the address (?q=), so Back returns to the results.
 */
export function CustomerSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const search = useCustomerSearch(q);
  const links = useCustomerLinks();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = text.trim();
    if (wanted.length < 3) {
      setError('Please enter at least 3 characters');
      return;
    }
    setParams({ q: wanted });
  }

  return (
    <>
      <ConsolePageHeading title="Customers" />
      <form noValidate aria-label="Customer search" onSubmit={submit} className="mt-6 flex max-w-2xl items-end gap-3">
        <Field
          id="customer-search"
          label="Search customers, orders or vouchers"
          hint="Part of an e-mail address, an order reference (UGM-…) or id, or the last four characters of a voucher code"
          error={error}
          announceError
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              type="search"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" className="mb-6">
          Search
        </Button>
      </form>
      {q.length < 3 ? null : search.isError ? (
        <QueryError message={failureMessage(search.error, 'The search failed.')} onRetry={() => search.refetch()} />
      ) : search.data ? (
        <section aria-label="Search results" className="mt-6 space-y-8">
          <div>
            <h2 className="text-lg font-semibold text-gray-900">Customers</h2>
            {search.data.customers.length === 0 ? (
              <p className="mt-2 text-gray-700">No customer matches.</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100">
                {search.data.customers.map((customer) => (
                  <li key={customer.id} className="py-2">
                    <Link to={links.customer(customer.id)} className="link">
                      {customer.email}
                    </Link>
                    <span className="ml-2 text-gray-700">
                      {customer.name ? `${customer.name} · ` : ''}joined {dateTime(customer.createdAt)}
                      {customer.disabled ? ' · disabled' : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {search.data.orders.length > 0 ? (
            <div>
              <h2 className="text-lg font-semibold text-gray-900">Orders</h2>
              <ul className="mt-2 divide-y divide-gray-100">
                {search.data.orders.map((order) => (
                  <li key={order.id} className="py-2">
                    <Link to={`/ops/orders/${order.id}`} className="link">
                      Order {order.reference}
                    </Link>
                    <span className="ml-2 text-gray-700">
                      {moneyText(order.total, order.currency)}
                      {order.paidAt ? ` · paid ${dateTime(order.paidAt)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div>
            <h2 className="text-lg font-semibold text-gray-900">Vouchers</h2>
            <VoucherTable vouchers={search.data.vouchers} caption="Vouchers found" />
          </div>
        </section>
      ) : (
        <Spinner label="Searching" className="mt-6 h-6 w-6" />
      )}
    </>
  );
}
