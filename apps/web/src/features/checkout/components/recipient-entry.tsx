import { ukDayOf } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import type { ProductGroup } from '../lib/checkout-lines';
import { RecipientForm } from './recipient-form';
import { RecipientList } from './recipient-list';

/**
 * A product's gift recipients at checkout, one per voucher at most (docs/product/buying.md#recipients): how many are chosen, the list, and the form that adds one.
 */
export function RecipientEntry({ group }: { group: ProductGroup }) {
  const [open, setOpen] = useState(false);
  const full = group.recipients.length >= group.units;
  // The UK day is read only when a day is on screen: a browser's first time-zone format costs a
  // phone tens of milliseconds, and the page opens with the form closed (decision 037).
  const today = open || group.recipients.length > 0 ? ukDayOf(new Date()) : '';
  // A day that has passed (the cart waited) or none: the gift goes with the payment.
  const dayOrToday = (day?: string | null) => (day && day > today ? day : today);

  return (
    <div className="mt-4 rounded-xl border border-dashed border-gray-300 bg-gray-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="flex items-center gap-2 text-sm font-medium whitespace-nowrap text-gray-800">
          <Gift aria-hidden="true" className="h-4 w-4 text-brand-600" />
          Gift recipients{' '}
          <span className="font-normal text-gray-500">
            ({group.recipients.length} of {group.units})
          </span>
        </p>
        {!full && !open && (
          <Button variant="outline" size="sm" className="h-11 whitespace-nowrap sm:h-8" onClick={() => setOpen(true)}>
            Send as a gift
          </Button>
        )}
      </div>
      {group.recipients.length > 0 && <RecipientList group={group} dayOrToday={dayOrToday} />}
      {!full && open && (
        <RecipientForm group={group} today={today} dayOrToday={dayOrToday} onClose={() => setOpen(false)} />
      )}
      <p className="mt-3 text-xs text-gray-500">
        {full
          ? 'Every voucher of this gift card goes to a recipient.'
          : 'Vouchers without a recipient are added to your own account.'}
      </p>
    </div>
  );
}
