/** The wishlist feature's public face: what the app and other features may import. */
export { FavouriteButton } from './components/favourite-button';
export { WishlistPage } from './pages/wishlist-page';
