import { type Cart, type CartLineRequest, cartSchema } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { serverCartQueryKey } from './get-cart';

/** POST /carts/:userId/items: the same product at the same value merges into its line. */
export async function addCartItem(userId: string, line: CartLineRequest): Promise<Cart> {
  const response = await api.post(`/carts/${encodeURIComponent(userId)}/items`, line);
  return cartSchema.parse(response.data);
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, line }: { userId: string; line: CartLineRequest }) => addCartItem(userId, line),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
