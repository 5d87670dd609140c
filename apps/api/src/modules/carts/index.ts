/** The carts module's public face: what other modules may call. */
export { clearCart, clearCartPart, getCart } from './service';
