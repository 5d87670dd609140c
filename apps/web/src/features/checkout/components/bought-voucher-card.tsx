import { formatDeliveryDay, formatMoney, type OrderItem } from '@gvm/contract';
import { VoucherCard } from '@/components/voucher-card';

/** One bought voucher on the payment result screen; a gift shows who it went to (docs/product/buying.md#payment-result-screen). */
export function BoughtVoucherCard({ order }: { order: OrderItem }) {
  const recipient = order.giftOrder;
  const initial = (recipient?.recipientName || recipient?.recipientEmail || '?').charAt(0).toUpperCase();
  return (
    <VoucherCard
      voucher={{
        merchantName: order.merchant.name,
        imageUrl: order.imageUrl,
        value: order.valuePurchased,
        currency: order.currency,
      }}
      details={<p className="text-sm text-gray-500">Gift card</p>}
      end={
        <p className="shrink-0 text-lg font-bold tabular-nums text-gray-900">
          {formatMoney(order.valuePurchased, order.currency)}
        </p>
      }
    >
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
    </VoucherCard>
  );
}
