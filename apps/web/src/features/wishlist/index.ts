/**
 * The wishlist feature's public face: what the app and other features may import. Its page is not
 * here: the router loads it lazily from pages/, so it stays out of the chunks that show the heart.
 */
export { FavouriteButton } from './components/favourite-button';
