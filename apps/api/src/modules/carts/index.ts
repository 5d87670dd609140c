/** The carts module's public face: what other modules may call, and its routes. */

export { cartRoutes } from './routes';
export { clearCartPart, getCart } from './service';
