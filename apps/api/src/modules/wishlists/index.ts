/**
 * The wishlists module's public face: its routes. No other module needs a wishlist yet; what one
 * may call is exported here (never `./service`), and the wishlist tables stay this module's own.
 */
export { wishlistRoutes } from './routes';
