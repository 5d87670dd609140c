import { type Cart, cartSchema } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverCartQueryKey } from './get-cart';

/** PATCH /carts/:userId/items/:itemId: a line's new quantity (1 to 5). */
export async function updateCartItem(userId: string, itemId: string, quantity: number): Promise<Cart> {
  const response = await api.patch(`/carts/${encodeURIComponent(userId)}/items/${encodeURIComponent(itemId)}`, {
    quantity,
  });
  return cartSchema.parse(response.data);
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, itemId, quantity }: { userId: string; itemId: string; quantity: number }) =>
      updateCartItem(userId, itemId, quantity),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
