import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCart, useRecipientStore } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser, userIdOf } from '@/lib/auth/current-user';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useWalletCredit } from '../api/get-wallet-credit';
import { buildCheckoutPayload } from '../lib/build-checkout-payload';
import { checkoutErrorMessage, NoCheckoutUrlError } from '../lib/checkout-error';
import { groupByProduct, staleRecipients } from '../lib/checkout-lines';
import { goToPaymentPage } from '../lib/go-to-payment-page';
import { forgetPendingCheckout, rememberPendingCheckout } from '../lib/pending-checkout';
import { type CreditChoice, creditOffer, creditToUse, noCredit } from '../lib/wallet-credit';

/** docs/product/README.md#access: 'Login to Pay' goes to /login with a return to /checkout. */
export const loginToCheckoutPath = `${paths.login}?returnTo=${encodeURIComponent(paths.checkout)}`;

/**
 * The checkout page's state (docs/product/buying.md#checkout): the cart grouped by product
 * with its recipients, the way to log in, and the payment that sends the browser to the provider.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const status = useSessionStore((state) => state.status);
  const user = useCurrentUser();
  const cart = useCart();
  const recipients = useRecipientStore((state) => state.recipients);
  const session = useCreateCheckoutSession();
  const [error, setError] = useState<string | null>(null);
  // Set from the click until the answer, and kept while the browser leaves (for the payment page
  // or /login): the button keeps saying 'Processing...', and a cart emptied meanwhile (a 401 ends
  // the session, leaving the guest cart) does not send the buyer to /cart.
  const [paying, setPaying] = useState(false);
  // docs/product/buying.md#paying-with-ugm-credit: UGM Credit towards the total (a failed wallet read just offers none).
  const wallet = useWalletCredit(status === 'authenticated' ? userIdOf(user) : undefined);
  const [creditChoice, setCreditChoice] = useState<CreditChoice>(noCredit);
  const offer = creditOffer(wallet.data?.wallets, cart.totals);
  const credit = creditToUse(creditChoice, offer);

  const settled = status !== 'checking' && !cart.isLoading && !cart.loadError;
  const isEmpty = settled && cart.items.length === 0;

  // docs/product/buying.md#checkout: with no items checkout redirects to /cart (not while paying, when the
  // cart may empty under us).
  useEffect(() => {
    if (isEmpty && !paying) navigate(paths.cart, { replace: true });
  }, [isEmpty, paying, navigate]);

  // Recipients whose product is no longer in the cart are removed (and any beyond its vouchers).
  useEffect(() => {
    if (!settled || cart.items.length === 0) return;
    const store = useRecipientStore.getState();
    for (const stale of staleRecipients(cart.items, store.recipients)) {
      store.removeRecipient(stale.email, stale.productId);
    }
  }, [settled, cart.items]);

  // Back at checkout, signed in: the pending checkout has done its job.
  useEffect(() => {
    if (status === 'authenticated') forgetPendingCheckout();
  }, [status]);

  function goToLogin() {
    rememberReturnTo(paths.checkout);
    navigate(loginToCheckoutPath);
  }

  async function pay() {
    const userId = user.data?._id;
    if (!userId || paying) return;
    setError(null);
    setPaying(true);
    try {
      const payload = buildCheckoutPayload(userId, cart.items, recipients);
      const { url } = await session.mutateAsync(
        credit.amount > 0 ? { ...payload, walletCredit: credit.amount } : payload,
      );
      if (!url) throw new NoCheckoutUrlError();
      goToPaymentPage(url);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) {
        rememberPendingCheckout();
        goToLogin();
        return;
      }
      setError(checkoutErrorMessage(caught));
      setPaying(false);
    }
  }

  return {
    status,
    isLoading: !settled && !cart.loadError,
    loadError: cart.loadError,
    retryLoad: cart.retryLoad,
    groups: groupByProduct(cart.items, recipients),
    totals: cart.totals,
    count: cart.count,
    userName: user.data?.consumer.name || null,
    canPay: Boolean(user.data?._id) && !cart.isPending && !credit.error,
    credit: { offer, choice: creditChoice, toUse: credit, choose: setCreditChoice },
    isPaying: paying,
    error,
    pay,
    goToLogin,
  };
}
