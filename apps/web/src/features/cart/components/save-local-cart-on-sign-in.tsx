import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { getGuestCartCount, subscribeGuestCartCount } from '../lib/guest-cart-count';

const SaveLocalCartForUser = lazy(() => import('./save-local-cart-for-user'));

const holdsLocalLines = () => getGuestCartCount() > 0;

/**
 * docs/product/buying.md#cart: the local cart is saved to the server "once logged in". Mounted once in the
 * page shell, so it happens wherever the shopper is when they sign in; the cart pages show it as
 * loading (useServerCart). Renders nothing. Its code (the save, the cart store and their calls)
 * loads only for a signed-in user whose browser holds cart lines (decision 023), read from the
 * header's count, so a signed-in page such as `/wallet` does not fetch the cart's code for an
 * empty local cart (decision 024). Once mounted it stays, so a save under way keeps its watcher.
 */
export function SaveLocalCartOnSignIn() {
  const loggedIn = useIsLoggedIn();
  const hasLocalLines = useSyncExternalStore(subscribeGuestCartCount, holdsLocalLines, () => false);
  const [needed, setNeeded] = useState(false);
  if (loggedIn && hasLocalLines && !needed) setNeeded(true);
  if (!loggedIn || !needed) return null;
  return (
    <Suspense fallback={null}>
      <SaveLocalCartForUser />
    </Suspense>
  );
}
