/**
 * The catalogue feature's public face: what the app and other features may import. Product
 * cards themselves are shared components (`@/components/product`), so that the wishlist can show
 * them without importing this feature. Its pages are not here: the router loads them lazily from
 * pages/, each as its own chunk. The home page's skeleton is the shell's fallback for `/`.
 */
export { HomePageSkeleton } from './components/home-page-skeleton';
/** The grid's page count in the URL: a new search drops it (decision 033). */
export { withFirstPage } from './lib/pages-shown';
