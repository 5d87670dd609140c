import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { getGuestCartCount, subscribeGuestCartCount } from '../lib/guest-cart-count';
import { type CartLinkProps, CartLinkView } from './cart-link-view';

const ServerCartLink = lazy(() => import('./server-cart-link'));

/**
 * The guest's count comes from this browser's cart without loading its store; a signed-in user's
 * from the server cart, whose code loads only for them (decision 023).
 */
export function CartLink({ className }: CartLinkProps) {
  const loggedIn = useIsLoggedIn();
  const guestCount = useSyncExternalStore(subscribeGuestCartCount, getGuestCartCount, () => 0);
  if (!loggedIn) return <CartLinkView count={guestCount} className={className} />;
  return (
    <Suspense fallback={<CartLinkView count={0} className={className} />}>
      <ServerCartLink className={className} />
    </Suspense>
  );
}
