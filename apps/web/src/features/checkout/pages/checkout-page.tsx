import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { serverCartQueryOptions } from '@/features/cart';
import { prefetchSignedIn } from '@/lib/auth/current-user';
import { prefetchForFirstRender } from '@/lib/first-render-data';
import { walletCreditQueryOptions } from '../api/get-wallet-credit';
import { CreditPayment } from '../components/credit-payment';
import { OrderSummary } from '../components/order-summary';
import { PaymentDetails } from '../components/payment-details';
import { useCheckout } from '../hooks/use-checkout';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

/** What a signed-in checkout's first render draws: the user, the cart and the UGM Credit to spend (decision 076). */
export function pageData(queryClient: QueryClient): Promise<unknown> {
  return prefetchSignedIn(queryClient, (userId) => [
    prefetchForFirstRender(queryClient, serverCartQueryOptions(userId)),
    prefetchForFirstRender(queryClient, walletCreditQueryOptions(userId)),
  ]);
}

/**
 * docs/product/buying.md#checkout: the order summary on the left, payment details on the
 * right (stacked on phones). Open to guests, who log in to pay.
 */
export function CheckoutPage() {
  usePageMeta('Checkout', 'Pay for your gift cards and choose who receives them.');
  const checkout = useCheckout();

  return (
    // A screen tall at least: the footer, drawn with the page, stays below the fold whether the
    // cart is still loading or has arrived, so it never jumps in view (layout shift, decision 037).
    <section className="mx-auto min-h-screen max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
      {checkout.loadError ? (
        <QueryError message={checkout.loadError} onRetry={checkout.retryLoad} />
      ) : checkout.isLoading || checkout.groups.length === 0 ? (
        // Where the summary will start (mt-8), so that it does not move down when it comes.
        <div className="mt-8 flex justify-center py-20">
          <Spinner label="Loading your cart" className="h-8 w-8 text-brand-600" />
        </div>
      ) : (
        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_400px]">
          <OrderSummary groups={checkout.groups} count={checkout.count} />
          <PaymentDetails
            signedIn={checkout.status === 'authenticated'}
            userName={checkout.userName}
            totals={checkout.totals}
            canPay={checkout.canPay}
            isPaying={checkout.isPaying}
            error={checkout.error}
            onPay={() => void checkout.pay()}
            onLogin={checkout.goToLogin}
            credit={
              checkout.status === 'authenticated' &&
              checkout.credit.offer.kind !== 'none' && (
                <CreditPayment
                  offer={checkout.credit.offer}
                  choice={checkout.credit.choice}
                  credit={checkout.credit.toUse}
                  disabled={checkout.isPaying}
                  onChange={checkout.credit.choose}
                />
              )
            }
          />
        </div>
      )}
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}
