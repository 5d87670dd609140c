import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CART_STORAGE_KEY, setGuestCartCount } from '../lib/guest-cart-count';
import { localId } from '../lib/local-id';
import { clampQuantity } from '../lib/quantity';
import type { CartLine, CartRecipient, NewCartLine } from '../types';
import { readPersistedItems } from './persisted-items';
import { useRecipientStore } from './recipient-store';

interface CartState {
  items: CartLine[];
  /** Adds a line with empty recipients; the same product at the same value adds to that line. */
  addItem(item: NewCartLine): void;
  /** Removes the line, and the product's recipients once no line of that product is left. */
  removeItem(itemId: string): void;
  changeQuantity(itemId: string, quantity: number): void;
  addRecipient(itemId: string, recipient: Omit<CartRecipient, 'id'> & { id?: string }): void;
  removeRecipient(itemId: string, recipientId: string): void;
  clear(): void;
}

/** docs/product/buying.md#cart: the guest cart is persisted under `cart-storage`, version 1. */
export { CART_STORAGE_KEY };
export const CART_STORAGE_VERSION = 1;

function updateItem(items: CartLine[], itemId: string, change: (item: CartLine) => CartLine): CartLine[] {
  return items.map((item) => (item._id === itemId ? change(item) : item));
}

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      addItem: (newItem) =>
        set((state) => {
          const same = state.items.find(
            (item) => item.productId === newItem.productId && item.selectedValue === newItem.selectedValue,
          );
          if (same) {
            return {
              items: updateItem(state.items, same._id, (item) => ({
                ...item,
                quantity: clampQuantity(item.quantity + newItem.quantity),
              })),
            };
          }
          const item: CartLine = {
            ...newItem,
            quantity: clampQuantity(newItem.quantity),
            _id: localId(),
            recipients: [],
          };
          return { items: [...state.items, item] };
        }),
      removeItem: (itemId) => {
        const removed = get().items.find((item) => item._id === itemId);
        if (!removed) return;
        const items = get().items.filter((item) => item._id !== itemId);
        set({ items });
        // docs/product/buying.md#cart: removing an item removes that product's recipients. Another line of
        // the same product (at a different value) still needs them, so they go with the last line.
        if (!items.some((item) => item.productId === removed.productId)) {
          useRecipientStore.getState().removeRecipientsForProduct(removed.productId);
        }
      },
      changeQuantity: (itemId, quantity) =>
        set((state) => ({
          items: updateItem(state.items, itemId, (item) => ({ ...item, quantity: clampQuantity(quantity) })),
        })),
      addRecipient: (itemId, recipient) =>
        set((state) => ({
          items: updateItem(state.items, itemId, (item) => ({
            ...item,
            recipients: [...item.recipients, { ...recipient, id: recipient.id ?? localId() }],
          })),
        })),
      removeRecipient: (itemId, recipientId) =>
        set((state) => ({
          items: updateItem(state.items, itemId, (item) => ({
            ...item,
            recipients: item.recipients.filter((r) => r.id !== recipientId),
          })),
        })),
      clear: () => set({ items: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
      // A cart saved by an earlier version keeps whichever lines still make sense.
      migrate: (persisted) => ({ items: readPersistedItems(persisted) }),
      merge: (persisted, current) => ({ ...current, items: readPersistedItems(persisted) }),
    },
  ),
);

/** The header's badge counts the vouchers held here (`../lib/guest-cart-count.ts`). */
function reportCount(items: CartLine[]): void {
  setGuestCartCount(items.reduce((sum, item) => sum + item.quantity, 0));
}
reportCount(useCartStore.getState().items);
useCartStore.subscribe((state) => reportCount(state.items));
