import type { OrderItem } from '@gvm/contract';
import { formatMoney } from '@gvm/contract';
import { buttonClassName } from '@gvm/ui/button';
import { cn } from '@gvm/ui/cn';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Link, useLocation, useSearchParams } from 'react-router';
import { VoucherCard } from '@/components/voucher-card';
import { paths } from '@/config/paths';
import { useOrderStatus } from '@/features/checkout';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';

/** A transfer's latest action: pending until the recipient claims it (docs/product/buying.md#sent-gifts). */
const isPending = (status: string | undefined) => !status || status === 'pending';

function statusLabel(status: string | undefined): string {
  if (!status || isPending(status)) return 'Pending';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

function SentGiftList({ purchaseKey }: { purchaseKey: string }) {
  const status = useOrderStatus(purchaseKey, { enabled: true });
  if (status.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your sent gifts" className="h-8 w-8 text-brand-600" />
      </div>
    );
  }
  if (status.isError) return <QueryError message={status.error.message} onRetry={() => void status.refetch()} />;
  const gifts = status.data.orders.filter((order): order is Required<Pick<OrderItem, 'giftOrder'>> & OrderItem =>
    Boolean(order.giftOrder),
  );
  if (gifts.length === 0) return <p className="mt-8 text-gray-600">This purchase holds no gifts.</p>;
  return (
    <ul aria-label="Sent gifts" className="mt-8 space-y-3">
      {gifts.map((order) => (
        <VoucherCard
          key={order._id}
          voucher={{
            merchantName: order.merchant.name,
            imageUrl: order.imageUrl,
            value: order.valuePurchased,
            currency: order.currency,
          }}
          details={
            <>
              <p className="truncate text-sm text-gray-700">To {order.giftOrder.recipientName}</p>
              <p className="truncate text-sm text-gray-500">{order.giftOrder.recipientEmail}</p>
            </>
          }
          end={<p className="shrink-0 font-bold tabular-nums">{formatMoney(order.valuePurchased, order.currency)}</p>}
        >
          <p
            className={cn(
              'self-start rounded-full px-2.5 py-1 text-xs font-medium',
              isPending(order.giftOrder.status) ? 'bg-amber-50 text-amber-700' : 'bg-green-50 text-green-700',
            )}
          >
            {statusLabel(order.giftOrder.status)}
          </p>
        </VoucherCard>
      ))}
    </ul>
  );
}

/**
 * /sent-gift: the gifts sent with one purchase (`key`, from the payment result screen), each with
 * its recipient and status. The full history of sent gifts is the wallet's Manage Vouchers tab.
 */
export function SentGiftPage() {
  usePageMeta('Sent gifts', 'The gift cards you sent and whether they have been claimed.');
  const [params] = useSearchParams();
  const location = useLocation();
  const status = useSessionStore((state) => state.status);
  const key = params.get('key');

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Sent Gifts</h1>
      {!key ? (
        <p className="mt-4 text-gray-600">
          The gifts you send are listed here after each purchase. Your full history of sent gifts is in your wallet,
          under Manage Vouchers.
        </p>
      ) : status === 'checking' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Checking your session" className="h-8 w-8 text-brand-600" />
        </div>
      ) : status === 'guest' ? (
        <div className="mt-6">
          <p className="text-gray-600">Log in to see the gifts you sent.</p>
          <Link
            to={paths.login}
            onClick={() => rememberReturnTo(location.pathname + location.search)}
            className={buttonClassName('primary', 'md', 'mt-4')}
          >
            Log in
          </Link>
        </div>
      ) : (
        <SentGiftList purchaseKey={key} />
      )}
      <Link to={paths.wallet} className="mt-8 inline-block text-sm font-medium text-brand-600 hover:text-brand-700">
        Go to your wallet
      </Link>
    </section>
  );
}
