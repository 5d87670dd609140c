import { formatMoney, toMajorUnits, toMinorUnits } from '@gvm/contract';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import type { ProductGroup } from '../lib/checkout-lines';
import { RecipientEntry } from './recipient-entry';

/** The left column (docs/product/buying.md#checkout): what is being bought, and who receives each gift. */
export function OrderSummary({ groups, count }: { groups: ProductGroup[]; count: number }) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          Order Summary
        </h2>
        <p className="text-sm text-gray-500">
          {count} {count === 1 ? 'voucher' : 'vouchers'}
        </p>
      </div>
      <ul aria-label="Checkout items" className="mt-4 divide-y divide-gray-200">
        {groups.map((group) => (
          <li key={group.productId} className="py-5 first:pt-0 last:pb-0">
            <div className="flex gap-4">
              <MerchantLogo
                src={group.imageUrl}
                name={group.merchantName}
                className="h-14 w-[89px] rounded-lg text-xl"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-gray-900">{group.merchantName}</p>
                <ul className="mt-1 space-y-0.5 text-sm text-gray-600">
                  {group.lines.map((line) => (
                    <li key={line._id} className="flex justify-between gap-3">
                      <span>
                        {formatMoney(line.selectedValue, line.currency)} × {line.quantity}
                      </span>
                      <span className="font-medium tabular-nums text-gray-900">
                        {formatMoney(toMajorUnits(toMinorUnits(line.selectedValue) * line.quantity), line.currency)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <RecipientEntry group={group} />
          </li>
        ))}
      </ul>
    </section>
  );
}
