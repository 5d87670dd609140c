import { useIsLoggedIn } from '@/lib/auth/session-store';
import { useServerCart } from '../server/use-server-cart';
import type { CartApi } from '../types';
import { useGuestCart } from './use-guest-cart';

/**
 * The cart every page uses: its lines, the total estimate per currency, and add / remove /
 * change quantity. Pages never touch the stores or the cart endpoints directly.
 *
 * The seam for signed-in users (spec 000 section 4, the server cart): write a `useServerCart()`
 * in this folder returning the same `CartApi` — the cart fetched by user id (created when the
 * fetch fails), add / remove / quantity as mutations with `isPending` while they run, lines
 * mapped to `CartItem` with the product's name, image and currency — and select it here:
 *
 *   const loggedIn = useIsLoggedIn();
 *   const guest = useGuestCart();
 *   const server = useServerCart({ enabled: loggedIn }); // hooks run unconditionally
 *   return loggedIn ? server : guest;
 *
 * Moving the local lines to the server after sign-in (the bulk save, then clearing
 * `cart-storage`) belongs beside `useServerCart`, not in the pages.
 */
export function useCart(): CartApi {
  const loggedIn = useIsLoggedIn();
  const guest = useGuestCart();
  // Hooks run unconditionally; the server cart fetches nothing while signed out.
  const server = useServerCart({ enabled: loggedIn });
  return loggedIn ? server : guest;
}
