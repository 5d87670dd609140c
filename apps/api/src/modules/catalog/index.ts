/** The catalogue module's public face: what other modules may call (they never reach `products` directly). */
export {
  cardArtEmailUrl,
  findProductsByCodes,
  findProductsByIds,
  findSupplierFacts,
  getProduct,
  getProductByCode,
  listProductIds,
  logoUrl,
  type SupplierFacts,
} from './service';
