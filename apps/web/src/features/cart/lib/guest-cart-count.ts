/**
 * The number of vouchers in this browser's cart, for the header's badge without loading the cart
 * store (decision 023: the shell's first load holds only what its render draws). Until the store
 * is loaded the count is read from its saved copy (`cart-storage`); once loaded, the store reports
 * every change here (`../stores/cart-store.ts`).
 */
/** docs/product/buying.md#cart: the guest cart is persisted under `cart-storage`. */
export const CART_STORAGE_KEY = 'cart-storage';

let count = readSavedCount();
const listeners = new Set<() => void>();

function readSavedCount(): number {
  try {
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as {
      state?: { items?: { quantity?: unknown }[] };
    } | null;
    const items = Array.isArray(saved?.state?.items) ? saved.state.items : [];
    return items.reduce((sum, item) => sum + (typeof item?.quantity === 'number' ? item.quantity : 0), 0);
  } catch {
    return 0;
  }
}

export function getGuestCartCount(): number {
  return count;
}

export function setGuestCartCount(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

export function subscribeGuestCartCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
