import { type Cart, cartSchema } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverCartQueryKey } from './get-cart';

/** DELETE /carts/:userId/items/:itemId. */
export async function removeCartItem(userId: string, itemId: string): Promise<Cart> {
  const response = await api.delete(`/carts/${encodeURIComponent(userId)}/items/${encodeURIComponent(itemId)}`);
  return cartSchema.parse(response.data);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, itemId }: { userId: string; itemId: string }) => removeCartItem(userId, itemId),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
