import { useCurrentUser } from '@/lib/auth/current-user';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { useSaveLocalCart } from '../hooks/use-save-local-cart';

/**
 * Spec 000 section 4: the local cart is saved to the server "once logged in". Every page that
 * reads the cart does this already; mounted once in the page shell, it also happens when the
 * shopper signs in and goes somewhere without a cart (the home page). Renders nothing.
 */
export function SaveLocalCartOnSignIn() {
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  useSaveLocalCart(loggedIn ? user.data?._id : undefined);
  return null;
}
