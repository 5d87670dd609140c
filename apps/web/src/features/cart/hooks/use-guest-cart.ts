import { QUANTITY_LIMIT_MESSAGE } from '@gvm/contract/cart-limits';
import { useMemo } from 'react';
import { estimateTotals } from '../lib/estimate-totals';
import { MAX_QUANTITY } from '../lib/quantity';
import { useCartStore } from '../stores/cart-store';
import type { CartApi } from '../types';

/** The cart held in this browser (`cart-storage`): every change is immediate, nothing is pending. */
export function useGuestCart(): CartApi {
  const items = useCartStore((state) => state.items);
  const add = useCartStore((state) => state.addItem);
  const remove = useCartStore((state) => state.removeItem);
  const setQuantity = useCartStore((state) => state.changeQuantity);

  return useMemo<CartApi>(
    () => ({
      items,
      totals: estimateTotals(items),
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      isLoading: false,
      isPending: false,
      loadError: null,
      retryLoad: () => {},
      addItem: async (item) => {
        // As the server does (POST /carts/:userId/items): a line never silently drops vouchers past 5.
        const same = useCartStore
          .getState()
          .items.find((line) => line.productId === item.productId && line.selectedValue === item.selectedValue);
        if (same && same.quantity + item.quantity > MAX_QUANTITY) throw new Error(QUANTITY_LIMIT_MESSAGE);
        add(item);
      },
      removeItem: async (itemId) => remove(itemId),
      changeQuantity: async (itemId, quantity) => setQuantity(itemId, quantity),
    }),
    [items, add, remove, setQuantity],
  );
}
