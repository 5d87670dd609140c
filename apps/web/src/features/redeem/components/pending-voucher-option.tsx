import { cardArtUrl, formatMoney, type PendingVoucher } from '@gvm/contract';
import { cn } from '@gvm/ui/cn';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import { shortDate } from '@/lib/short-date';

/** The sent date as '20 Nov 2026', or as the server wrote it when it does not parse. */
function sentOn(date: string): string {
  return shortDate(date) ?? date;
}

/** One pending gift from the sender (docs/product/vouchers-and-gifts.md#claiming-a-gift): merchant, image, value, sent date and order id. */
export function PendingVoucherOption({
  voucher,
  selected,
  onSelect,
}: {
  voucher: PendingVoucher;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li className="min-w-0">
      <label
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-2xl border bg-white p-4 shadow-xs transition-colors',
          'has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
          selected ? 'border-brand-600 bg-brand-50' : 'border-gray-200 hover:border-brand-300',
        )}
      >
        <input
          type="radio"
          name="pending-voucher"
          value={voucher.orderId}
          checked={selected}
          onChange={onSelect}
          className="sr-only"
        />
        <MerchantLogo
          src={cardArtUrl(voucher.imageUrl, voucher.value, voucher.currency)}
          name={voucher.merchant}
          className="h-12 w-[76px] rounded-lg text-xl"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-gray-900">{voucher.merchant}</span>
          <span className="block text-sm text-gray-500">Sent {sentOn(voucher.sentDate)}</span>
          <span className="block truncate text-xs text-gray-400">Order {voucher.orderId}</span>
        </span>
        <span className="shrink-0 text-lg font-bold tabular-nums">{formatMoney(voucher.value, voucher.currency)}</span>
      </label>
    </li>
  );
}
