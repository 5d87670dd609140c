/** The catalogue module's public face: what other modules may call (they never reach `products` directly). */
export {
  findProductsByIds,
  getProduct,
  listProductIds,
  logoUrl,
} from './service';
