/** The carts module's public face: what other modules may call. */
export { clearCartPart, getCart } from './service';
