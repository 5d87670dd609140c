/**
 * The catalogue module's public face: what other modules may call (they never reach `products`
 * directly), its routes and its daily sync with the supplier.
 */

export { type PassFacts, passFactsOf } from './pass-facts';
export { catalogRoutes } from './routes';
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
