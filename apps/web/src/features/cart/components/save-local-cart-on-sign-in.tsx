import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';

const SaveLocalCartForUser = lazy(() => import('./save-local-cart-for-user'));

/**
 * Spec 000 section 4: the local cart is saved to the server "once logged in". Every page that
 * reads the cart does this already; mounted once in the page shell, it also happens when the
 * shopper signs in and goes somewhere without a cart (the home page). Renders nothing. Its code
 * (the server cart's calls and schemas) loads only for a signed-in user (decision 023).
 */
export function SaveLocalCartOnSignIn() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <SaveLocalCartForUser />
    </Suspense>
  );
}
