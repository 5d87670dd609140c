import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { toApiError } from '@/lib/api-client';
import { type TransferDirection, useTransferredOrders } from '../api/get-transferred-orders';
import { newestFirst } from '../lib/transactions';
import { TransferCard } from './transfer-card';

const lists = {
  received: { title: 'Received Vouchers', empty: 'No received vouchers available' },
  sent: { title: 'Sent Vouchers', empty: 'No sent vouchers available' },
} as const;

function TransferList({ direction }: { direction: TransferDirection }) {
  const orders = useTransferredOrders(direction);
  const { title, empty } = lists[direction];
  let content: React.ReactNode;
  if (orders.isPending) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner className="h-6 w-6 text-brand-600" label={`Loading ${title.toLowerCase()}`} />
      </div>
    );
  } else if (orders.isError) {
    content = <QueryError message={toApiError(orders.error).message} onRetry={() => orders.refetch()} />;
  } else if (orders.data.length === 0) {
    content = <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">{empty}</p>;
  } else {
    content = (
      <ul aria-label={title} className="grid gap-4 md:grid-cols-2">
        {newestFirst(orders.data, (order) => order.transferDate).map((order) => (
          <TransferCard key={order.orderId} order={order} direction={direction} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={`${direction}-vouchers`}>
      <h2 id={`${direction}-vouchers`} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {content}
    </section>
  );
}

/** docs/product/vouchers-and-gifts.md#claiming-a-gift: the gifts received and sent, each list newest transfer first. */
export function ManageVouchersTab() {
  return (
    <div className="space-y-10">
      <TransferList direction="received" />
      <TransferList direction="sent" />
    </div>
  );
}
