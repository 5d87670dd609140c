import { CartView } from '../components/cart-view';
import { useServerCart } from '../hooks/use-server-cart';

/** The cart page for a signed-in user, loaded by `CartPage` for them only (decision 023). */
export default function ServerCart() {
  return <CartView cart={useServerCart({ enabled: true })} />;
}
