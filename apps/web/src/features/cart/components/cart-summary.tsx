import { buttonClassName } from '@gvm/ui/button';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { CurrencyTotal } from '../types';
import { CartTotals } from './cart-totals';

/** The side panel: the total estimate (one line per currency in a mixed cart) and the way on. */
export function CartSummary({ totals, count }: { totals: CurrencyTotal[]; count: number }) {
  return (
    <aside
      aria-labelledby="cart-summary-heading"
      className="h-fit rounded-2xl border border-gray-200 bg-gray-50/70 p-6 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between text-gray-600">
          <dt>Vouchers</dt>
          <dd className="tabular-nums">{count}</dd>
        </div>
        <div className="flex items-start justify-between border-t border-gray-200 pt-4">
          <dt className="text-base font-semibold text-gray-900">Total Estimate</dt>
          <CartTotals totals={totals} />
        </div>
      </dl>
      {totals.length > 1 && (
        <p className="mt-2 text-xs text-gray-500">Your cart holds vouchers in more than one currency.</p>
      )}
      <Link to={paths.checkout} className={buttonClassName('primary', 'lg', 'mt-6 w-full rounded-full')}>
        Proceed to Checkout
      </Link>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-gray-500">
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        Prices are confirmed at checkout
      </p>
    </aside>
  );
}
