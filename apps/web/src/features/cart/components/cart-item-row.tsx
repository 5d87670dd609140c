import { cardArtUrl, formatMoney, toMajorUnits, toMinorUnits } from '@gvm/contract';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import { Gift, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRecipientStore } from '../stores/recipient-store';
import type { CartLine } from '../types';
import { CartQuantityStepper } from './cart-quantity-stepper';

interface CartItemRowProps {
  item: CartLine;
  disabled: boolean;
  onQuantityChange(quantity: number): void;
  onQuantityLimit(): void;
  onRemove(): void;
}

export function CartItemRow({ item, disabled, onQuantityChange, onQuantityLimit, onRemove }: CartItemRowProps) {
  const lineTotal = toMajorUnits(toMinorUnits(item.selectedValue) * item.quantity);
  // Recipients are chosen at checkout, per product; back in the cart the line still says who it is for.
  const allRecipients = useRecipientStore((state) => state.recipients);
  const recipients = allRecipients.filter((recipient) => recipient.productId === item.productId);
  return (
    <li className="flex gap-4 p-4 sm:gap-6 sm:p-6">
      <MerchantLogo
        src={cardArtUrl(item.imageUrl, item.selectedValue, item.currency)}
        name={item.merchantName}
        alt={`${item.merchantName} gift card`}
        className="h-16 w-[101px] rounded-lg text-2xl sm:h-20 sm:w-[127px]"
      />
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={paths.product(item.productId)}
              className="block truncate font-semibold text-gray-900 hover:text-brand-600"
            >
              {item.merchantName}
            </Link>
            <p className="mt-0.5 text-sm text-gray-500">
              Gift card value{' '}
              <span className="font-medium text-gray-700">{formatMoney(item.selectedValue, item.currency)}</span>
            </p>
            {recipients.length > 0 && (
              <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-brand-700">
                <Gift aria-hidden="true" className="h-4 w-4 shrink-0" />
                <span className="truncate">Gift for {recipients.map((recipient) => recipient.name).join(', ')}</span>
              </p>
            )}
          </div>
          <p className="shrink-0 font-semibold tabular-nums text-gray-900">{formatMoney(lineTotal, item.currency)}</p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <CartQuantityStepper
            quantity={item.quantity}
            merchantName={item.merchantName}
            disabled={disabled}
            onChange={onQuantityChange}
            onLimit={onQuantityLimit}
          />
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${item.merchantName} from cart`}
            className="inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm sm:h-auto sm:py-1.5 text-gray-500 transition-colors hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Remove</span>
          </button>
        </div>
      </div>
    </li>
  );
}
