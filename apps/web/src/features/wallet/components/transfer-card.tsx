import { formatDeliveryDay, type TransferredOrder } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { cn } from '@gvm/ui/cn';
import { VoucherCard } from '@/components/voucher-card';
import { toast } from '@/lib/toast';
import { useConfirmTransfer } from '../api/confirm-transfer';
import type { TransferDirection } from '../api/get-transferred-orders';
import { formatDate } from '../lib/transactions';
import { voucherAmount } from '../lib/voucher-display';
import { GiftDeliveryPanel } from './gift-delivery-panel';

/** docs/product/vouchers-and-gifts.md#claiming-a-gift: one received or sent gift, its status, and what can be done with it. */
export function TransferCard({ order, direction }: { order: TransferredOrder; direction: TransferDirection }) {
  const confirm = useConfirmTransfer();
  const pending = order.latestAction === 'pending';
  const name = order.merchant.name;
  const redemptionUrl = order.merchant.redemptionUrl;
  const scheduledFor = direction === 'sent' ? order.delivery?.scheduledFor : null;
  let statusLabel = pending ? 'Pending Confirmation' : 'Confirmed';
  if (pending && scheduledFor) statusLabel = `Scheduled for ${formatDeliveryDay(scheduledFor)}`;

  const confirmReceipt = () =>
    confirm.mutate(order.orderId, {
      onSuccess: () => toast.success('Success', { description: 'Transfer confirmed successfully' }),
      onError: () => toast.error('Failed to confirm transfer'),
    });

  return (
    <VoucherCard
      heading
      voucher={{ merchantName: name, imageUrl: order.imageUrl, value: order.valuePurchased, currency: order.currency }}
      details={<p className="text-sm text-gray-600">{formatDate(order.transferDate)}</p>}
      end={<p className="shrink-0 font-bold tabular-nums">{voucherAmount(order.currency, order.valuePurchased)}</p>}
    >
      <p className="truncate text-sm text-gray-700">
        {direction === 'received'
          ? `From ${order.senderEmail || 'Unknown Sender'}`
          : `To ${order.recipientName || 'Unknown Recipient'}`}
      </p>
      <p
        className={cn(
          'self-start rounded-full px-2.5 py-1 text-xs font-medium',
          pending ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-800',
        )}
      >
        {statusLabel}
      </p>
      {order.giftMessage && (
        <blockquote className="rounded-lg bg-gray-50 p-3 text-sm break-words text-gray-700 italic">
          {order.giftMessage}
        </blockquote>
      )}
      <div className="flex flex-wrap gap-2">
        {redemptionUrl && order.isActive && (
          <a
            href={redemptionUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('outline', 'sm', 'h-11 sm:h-8')}
          >
            Show Voucher Details
          </a>
        )}
        {direction === 'received' && pending && (
          <Button size="sm" className="h-11 sm:h-8" onClick={confirmReceipt} disabled={confirm.isPending}>
            Confirm Receipt
          </Button>
        )}
      </div>
      {direction === 'sent' && <GiftDeliveryPanel order={order} />}
    </VoucherCard>
  );
}
