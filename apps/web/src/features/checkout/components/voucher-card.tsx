import { formatDeliveryDay, formatMoney, type OrderItem } from '@gvm/contract';
import { MerchantLogo } from '@/components/merchant-logo';

/** One bought voucher on the payment result screen; a gift shows who it went to (docs/product/buying.md#payment-result-screen). */
export function VoucherCard({ order }: { order: OrderItem }) {
  const recipient = order.giftOrder;
  const initial = (recipient?.recipientName || recipient?.recipientEmail || '?').charAt(0).toUpperCase();
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-xs">
      <div className="flex items-center gap-3">
        <MerchantLogo
          imageUrl={order.imageUrl}
          merchantName={order.merchant.name}
          value={order.valuePurchased}
          currency={order.currency}
          className="h-12 w-[76px]"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-gray-900">{order.merchant.name}</p>
          <p className="text-sm text-gray-500">Gift card</p>
        </div>
        <p className="shrink-0 text-lg font-bold tabular-nums text-gray-900">
          {formatMoney(order.valuePurchased, order.currency)}
        </p>
      </div>
      {recipient && (
        <p className="flex min-w-0 max-w-full items-center gap-2 self-start rounded-full bg-brand-50 py-1 pr-3 pl-1 text-sm text-brand-700">
          <span
            aria-hidden="true"
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
          >
            {initial}
          </span>
          <span className="sr-only">Sent to </span>
          <span className="truncate">{recipient.recipientEmail}</span>
        </p>
      )}
      {recipient?.scheduledFor && (
        <p className="text-sm text-gray-600">Scheduled for {formatDeliveryDay(recipient.scheduledFor)}, 9am UK time</p>
      )}
    </li>
  );
}
