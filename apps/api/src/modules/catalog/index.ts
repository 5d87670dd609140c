/** The catalogue module's public face: what other modules may call (they never reach `products` directly). */
export {
  cardArtEmailUrl,
  findProductsByCodes,
  findProductsByIds,
  getProduct,
  getProductByCode,
  listProductIds,
  logoUrl,
} from './service';
