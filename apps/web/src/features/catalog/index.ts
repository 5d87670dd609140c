/**
 * The catalogue feature's public face: what the app and other features may import. Product
 * cards themselves are shared components (`@/components/product`), so that the wishlist can show
 * them without importing this feature.
 */
export { HomePage } from './pages/home-page';
export { ProductPage } from './pages/product-page';
