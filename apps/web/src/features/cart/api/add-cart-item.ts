import type { Cart, CartLineRequest } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';
import { serverCartQueryKey } from './get-cart';

/** The same product at the same value merges into its line. */
export function addCartItem(userId: string, line: CartLineRequest): Promise<Cart> {
  return callEndpoint(cartEndpoint('addItem'), { params: { userId }, body: line });
}

export function useAddCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, line }: { userId: string; line: CartLineRequest }) => addCartItem(userId, line),
    onSuccess: (cart) => queryClient.setQueryData(serverCartQueryKey(cart.userId), cart),
  });
}
