import type { Cart } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';
import { serverCartQueryKey } from './get-cart';

/** DELETE /carts/:userId/items/:itemId. */
export async function removeCartItem(userId: string, itemId: string): Promise<Cart> {
  return callEndpoint(cartEndpoint('removeItem'), { params: { userId, itemId } });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, itemId }: { userId: string; itemId: string }) => removeCartItem(userId, itemId),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
