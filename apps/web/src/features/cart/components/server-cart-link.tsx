import { useCart } from '../hooks/use-cart';
import { CartLinkView } from './cart-link-view';

/** A signed-in user's cart link: the count of the server cart (loaded with it, for them only). */
export default function ServerCartLink({ className }: { className?: string }) {
  const cart = useCart();
  return <CartLinkView count={cart.count} className={className} />;
}
