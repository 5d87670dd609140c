import { formatDeliveryDay } from '@gvm/contract';
import { X } from 'lucide-react';
import { useRecipientStore } from '@/features/cart';
import type { ProductGroup } from '../lib/checkout-lines';

/** The recipients chosen for one product's vouchers, each with its day and a way to remove it. */
export function RecipientList({ group, dayOrToday }: { group: ProductGroup; dayOrToday: (day?: string) => string }) {
  const removeRecipient = useRecipientStore((state) => state.removeRecipient);
  return (
    <ul aria-label={`${group.merchantName} gift recipients`} className="mt-3 space-y-2">
      {group.recipients.map((recipient) => (
        <li
          key={recipient.id ?? recipient.email}
          className="flex items-start justify-between gap-3 rounded-lg bg-white p-3 text-sm shadow-xs"
        >
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">{recipient.name}</p>
            <p className="truncate text-gray-500">{recipient.email}</p>
            {recipient.message && <p className="mt-1 break-words text-gray-600">“{recipient.message}”</p>}
            <p className="mt-1 text-gray-600">Send on {formatDeliveryDay(dayOrToday(recipient.sendOn))}</p>
          </div>
          <button
            type="button"
            onClick={() => removeRecipient(recipient.email, recipient.productId)}
            aria-label={`Remove recipient ${recipient.name}`}
            className="-my-2.5 -mr-2.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-400 hover:bg-red-50 hover:text-red-600"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
