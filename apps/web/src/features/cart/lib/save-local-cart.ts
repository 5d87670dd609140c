import { type Cart, type CartLineRequest, MAX_BULK_CART_ITEMS } from '@gvm/contract';
import { ApiError } from '@/lib/api-client';
import { bulkAddCartItems } from '../api/bulk-add-cart-items';
import { useCartStore } from '../stores/cart-store';
import { useRecipientStore } from '../stores/recipient-store';
import type { CartLine } from '../types';

/** `items.3.productId` → 3: the line of a batch the server refused. */
function refusedLineIndexes(error: ApiError): Set<number> {
  const indexes = new Set<number>();
  for (const { path } of error.errors ?? []) {
    const match = /^items\.(\d+)\./.exec(path);
    if (match?.[1]) indexes.add(Number(match[1]));
  }
  return indexes;
}

/**
 * The gift recipients entered on local lines outlive the lines: checkout reads them per product
 * from the recipient store, so they are kept there before the local cart is cleared.
 */
function keepRecipients(items: readonly CartLine[]): void {
  const store = useRecipientStore.getState();
  for (const item of items) {
    for (const { id, name, email, message } of item.recipients) {
      const known = store.recipients.some((r) => r.productId === item.productId && r.email === email);
      if (!known) store.addRecipient({ productId: item.productId, id, name, email, message });
    }
  }
}

async function saveBatch(userId: string, batch: readonly CartLine[]): Promise<Cart> {
  const lines: CartLineRequest[] = batch.map(({ productId, quantity, selectedValue }) => ({
    productId,
    quantity,
    selectedValue,
  }));
  try {
    return await bulkAddCartItems(userId, lines);
  } catch (error) {
    // One bad line (a product since withdrawn, a value no longer offered) refuses the whole batch;
    // those lines cannot ever be saved, so they leave the local cart and the rest is saved.
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const refused = refusedLineIndexes(error);
    const kept = batch.filter((_, index) => !refused.has(index));
    if (refused.size === 0 || kept.length === batch.length) throw error;
    for (const index of refused) {
      const item = batch[index];
      if (item) useCartStore.getState().removeItem(item._id);
    }
    if (kept.length === 0) throw error;
    return saveBatch(userId, kept);
  }
}

/** Saved lines leave the local cart; anything added to it meanwhile stays for the next save. */
function dropLocalLines(items: readonly CartLine[]): void {
  const saved = new Set(items.map((item) => item._id));
  useCartStore.setState((state) => ({ items: state.items.filter((item) => !saved.has(item._id)) }));
}

let saving: Promise<Cart | null> | null = null;

/**
 * docs/product/buying.md#cart: once logged in, the lines held in this browser are bulk-saved to the
 * server, then the local cart is cleared. Every mounted cart asks; one save runs at a time, and a
 * caller arriving meanwhile shares it. Answers the server cart as saved, or null when there was
 * nothing to save.
 */
export function saveLocalCart(userId: string): Promise<Cart | null> {
  saving ??= (async () => {
    const items = useCartStore.getState().items;
    let cart: Cart | null = null;
    // The server takes at most 50 lines at once; each saved batch leaves the local cart at once,
    // so a failure part-way never saves a batch twice.
    for (let start = 0; start < items.length; start += MAX_BULK_CART_ITEMS) {
      const batch = items.slice(start, start + MAX_BULK_CART_ITEMS);
      cart = await saveBatch(userId, batch);
      const stillLocal = new Set(useCartStore.getState().items.map((item) => item._id));
      const saved = batch.filter((item) => stillLocal.has(item._id));
      keepRecipients(saved);
      dropLocalLines(saved);
    }
    return cart;
  })().finally(() => {
    saving = null;
  });
  return saving;
}
