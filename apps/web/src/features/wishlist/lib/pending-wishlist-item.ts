/**
 * docs/product/browsing.md#wishlist: a guest's favourite is kept in the browser under
 * `pendingWishlistItem` (the product id) while they sign in, and added once they have.
 */
export const PENDING_WISHLIST_ITEM_KEY = 'pendingWishlistItem';

export function rememberPendingWishlistItem(productId: string): void {
  localStorage.setItem(PENDING_WISHLIST_ITEM_KEY, productId);
}

/**
 * The pending product id, removed as it is read: several hearts on one page may ask at once, and
 * only the first must add it. Anything that cannot be a product id is dropped.
 */
export function takePendingWishlistItem(): string | null {
  const productId = localStorage.getItem(PENDING_WISHLIST_ITEM_KEY)?.trim();
  localStorage.removeItem(PENDING_WISHLIST_ITEM_KEY);
  return productId && productId.length <= 64 ? productId : null;
}
