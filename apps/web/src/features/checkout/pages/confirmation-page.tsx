import type { OrderItem } from '@gvm/contract';
import { buttonClassName } from '@gvm/ui/button';
import { cn } from '@gvm/ui/cn';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RedemptionSuccess } from '@/features/redeem';
import { BoughtVoucherCard } from '../components/bought-voucher-card';
import { useConfetti } from '../hooks/use-confetti';
import { usePaymentResult } from '../hooks/use-payment-result';

/** docs/product/buying.md#payment-result-screen: the exact headings. */
const headings = {
  processing: 'Processing your payment…',
  successGift: 'Gift Voucher Successfully Delivered to the Recipient!',
  successPersonal: 'Gift Voucher Successfully Added to Your Account',
  failureGift: 'There was a problem delivering this gift card to the recipient. Please try again.',
  failurePersonal: 'There was a problem adding this gift voucher to your account. Please try again.',
};
const PROCESSING_TEXT =
  'Please wait while we confirm your payment. This usually takes a few seconds. You can safely stay on this page.';

const hasGift = (orders: OrderItem[]) => orders.some((order) => order.giftOrder);

function VoucherList({ orders, fallback }: { orders: OrderItem[]; fallback?: string | null }) {
  if (orders.length === 0) return <p className="mt-8 text-gray-600">{fallback ?? 'Loading...'}</p>;
  return (
    <ul aria-label="Vouchers" className="mx-auto mt-8 grid max-w-2xl gap-3 sm:grid-cols-2">
      {orders.map((order) => (
        <BoughtVoucherCard key={order._id} order={order} />
      ))}
    </ul>
  );
}

/**
 * /confirmation (protected): with a session_id or key, the payment result screen; without either,
 * the redemption success destination (docs/product/vouchers-and-gifts.md#claiming-a-gift) a claimed gift leads to.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const key = params.get('key');
  if (!sessionId && !key) return <RedemptionSuccess />;
  return <PaymentResultScreen sessionId={sessionId} paymentKey={key} />;
}

/**
 * The payment result screen (query session_id and key): processing while an asynchronous
 * payment is confirmed, then success with confetti, or failure.
 */
function PaymentResultScreen({ sessionId, paymentKey: key }: { sessionId: string | null; paymentKey: string | null }) {
  usePageMeta('Payment result', 'The result of your gift card payment.');
  const result = usePaymentResult(sessionId, key);
  const succeeded = result.view === 'success' && result.orders.length > 0;
  useConfetti(succeeded);

  return (
    <section className={cn('min-h-[70vh] px-4 py-12 sm:py-16', result.view === 'success' && 'bg-green-50')}>
      <div className="mx-auto max-w-3xl text-center">
        {result.view === 'processing' && (
          <>
            <Spinner className="h-12 w-12 text-brand-600" />
            <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">{headings.processing}</h1>
            <p className="mx-auto mt-3 max-w-xl text-gray-600">{PROCESSING_TEXT}</p>
          </>
        )}
        {result.view === 'loading' && <p className="py-16 text-gray-600">Loading...</p>}
        {result.view === 'success' && (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
              {hasGift(result.orders) ? headings.successGift : headings.successPersonal}
            </h1>
            {result.orderReference ? (
              <p className="mt-3 text-gray-700">
                Order reference <span className="font-semibold text-gray-900">{result.orderReference}</span>
              </p>
            ) : null}
            <VoucherList orders={result.orders} />
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to={paths.wallet} className={buttonClassName('primary', 'lg', 'rounded-full px-8')}>
                Go To My Account
              </Link>
              {hasGift(result.orders) && key && (
                <Link
                  to={`${paths.sentGift}?key=${encodeURIComponent(key)}`}
                  className={buttonClassName('outline', 'lg', 'rounded-full px-8')}
                >
                  View sent gifts
                </Link>
              )}
            </div>
          </>
        )}
        {result.view === 'failure' && (
          <>
            <CircleAlert aria-hidden="true" className="mx-auto h-14 w-14 text-red-600" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
              {hasGift(result.orders) ? headings.failureGift : headings.failurePersonal}
            </h1>
            <VoucherList orders={result.orders} fallback={result.reason} />
            <Link to={paths.checkout} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full px-8')}>
              Go To Checkout
            </Link>
          </>
        )}
        {result.view === 'missing' && (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">No payment to show</h1>
            <p className="mt-3 text-gray-600">This page shows the result of a payment made at checkout.</p>
            <Link to={paths.wallet} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full px-8')}>
              Go To My Account
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
