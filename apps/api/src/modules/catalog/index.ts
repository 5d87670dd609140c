/** The catalogue module's public face: what other modules may call (they never reach `products` directly). */

export { type PassFacts, passFactsOf } from './pass-facts';
export {
  cardArtEmailUrl,
  findProductsByCodes,
  findProductsByIds,
  findProductsNotOnSale,
  findSupplierFacts,
  getProduct,
  getProductByCode,
  listProductIds,
  logoUrl,
  type SupplierFacts,
  supplierFactsSql,
} from './service';
export { type CatalogSyncResult, catalogSyncTask, syncCatalogWithSupplier } from './supplier-sync';
