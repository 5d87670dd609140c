import type { Cart } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';
import { serverCartQueryKey } from './get-cart';

/** PATCH /carts/:userId/items/:itemId: a line's new quantity (1 to 5). */
export async function updateCartItem(userId: string, itemId: string, quantity: number): Promise<Cart> {
  return callEndpoint(cartEndpoint('updateItem'), { params: { userId, itemId }, body: { quantity } });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, itemId, quantity }: { userId: string; itemId: string; quantity: number }) =>
      updateCartItem(userId, itemId, quantity),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
