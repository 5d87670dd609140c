import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';

const SaveLocalCartForUser = lazy(() => import('./save-local-cart-for-user'));

/**
 * Spec 000 section 4: the local cart is saved to the server "once logged in". Mounted once in the
 * page shell, so it happens wherever the shopper is when they sign in; the cart pages show it as
 * loading (useServerCart). Renders nothing. Its code (the save and its calls) loads only for a
 * signed-in user (decision 023).
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
