import { Ticket } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useActiveOrders } from '../api/get-active-orders';
import { activeOrdersErrorMessage } from '../lib/active-orders-error';
import { ActiveVoucherCard } from './active-voucher-card';
import { VouchersLoading } from './wallet-loading';

/** docs/product/vouchers-and-gifts.md#active-vouchers: the grid of the user's active vouchers. */
export function MyVouchersTab({ userId }: { userId: string }) {
  const orders = useActiveOrders(userId);
  const errorMessage = orders.isError ? activeOrdersErrorMessage(orders.error) : undefined;

  useEffect(() => {
    if (errorMessage) toast.error('Error', { id: 'active-orders-error', description: errorMessage });
  }, [errorMessage]);

  if (orders.isPending) return <VouchersLoading />;
  if (orders.isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-600">
        {errorMessage}
      </p>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center">
        <Ticket aria-hidden="true" className="h-10 w-10 text-gray-400" />
        <h2 className="mt-4 text-lg font-semibold">No Active Vouchers</h2>
        <p className="mt-1 text-gray-600">Your active vouchers will appear here</p>
      </div>
    );
  }
  return (
    <ul aria-label="My vouchers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {orders.data.map((voucher) => (
        <ActiveVoucherCard key={voucher._id} voucher={voucher} />
      ))}
    </ul>
  );
}
