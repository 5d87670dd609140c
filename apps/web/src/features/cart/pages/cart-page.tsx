import { usePageMeta } from '@gvm/web-lib/page-meta';
import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { CartView } from '../components/cart-view';
import { useGuestCart } from '../hooks/use-guest-cart';

/** A signed-in user's cart: its code (the server cart's calls and mutations) loads for them only (decision 023). */
const ServerCart = lazy(() => import('./server-cart'));

/** docs/product/buying.md#cart: open to guests; the lines, the total estimate, the way to checkout. */
export function CartPage() {
  usePageMeta('My Cart', 'The gift cards in your cart, ready for checkout.');
  const loggedIn = useIsLoggedIn();
  return loggedIn ? (
    <Suspense fallback={<CartView cart={null} />}>
      <ServerCart />
    </Suspense>
  ) : (
    <GuestCart />
  );
}

function GuestCart() {
  return <CartView cart={useGuestCart()} />;
}
