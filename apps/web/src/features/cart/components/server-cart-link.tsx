import { useCurrentUser, userIdOf } from '@/lib/auth/current-user';
import { useServerCartQuery } from '../api/get-cart';
import { CartLinkView } from './cart-link-view';

/**
 * A signed-in user's cart link: the count of the server cart (loaded with it, for them only).
 * It reads the cart query alone, not `useCart`, so a page without the cart (`/wallet`) does not
 * load the cart's stores and changes for the header (decision 024).
 */
export default function ServerCartLink({ className }: { className?: string }) {
  const cart = useServerCartQuery(userIdOf(useCurrentUser()));
  const count = cart.data?.items.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return <CartLinkView count={count} className={className} />;
}
