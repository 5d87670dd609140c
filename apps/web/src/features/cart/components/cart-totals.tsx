import { formatMoney } from '@gvm/contract';
import type { CurrencyTotal } from '../types';

/** The cart's total, one line per currency (a cart may hold vouchers in more than one). */
export function CartTotals({ totals }: { totals: readonly CurrencyTotal[] }) {
  return (
    <dd className="text-right">
      {totals.map((total) => (
        <span key={total.currency} className="block text-lg font-bold tabular-nums text-gray-900">
          {formatMoney(total.amount, total.currency)}
        </span>
      ))}
    </dd>
  );
}
