import { useIsLoggedIn } from '@/lib/auth/session-store';
import type { CartApi } from '../types';
import { useGuestCart } from './use-guest-cart';
import { useServerCart } from './use-server-cart';

/**
 * The cart every page uses: its lines, the total estimate per currency, and add / remove /
 * change quantity. Pages never touch the stores or the cart endpoints directly.
 *
 * Signed-in users get the server cart (docs/product/buying.md#cart; `./use-server-cart.ts`): the
 * cart fetched by user id (created when the fetch fails), changes as mutations with `isPending`
 * while they run. The local lines are bulk-saved there after sign-in, then `cart-storage` is
 * cleared (`../lib/save-local-cart.ts`), so the pages never tell the two apart.
 */
export function useCart(): CartApi {
  const loggedIn = useIsLoggedIn();
  const guest = useGuestCart();
  // Hooks run unconditionally; the server cart fetches nothing while signed out.
  const server = useServerCart({ enabled: loggedIn });
  return loggedIn ? server : guest;
}
