import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { serverCartQueryKey } from '../api/get-cart';
import { saveLocalCart } from '../lib/save-local-cart';
import { useCartStore } from '../stores/cart-store';
import { saveLocalCartMutationKey } from './save-local-cart-key';

/**
 * docs/product/buying.md#cart: once the user is known, lines held in this browser are bulk-saved, the
 * local cart cleared and the server cart refreshed (the save answers the whole cart as it now
 * is). A failed save keeps the lines here and says why; the next sign-in or visit tries again.
 */
export function useSaveLocalCart(userId: string | undefined): { isSaving: boolean } {
  const queryClient = useQueryClient();
  const hasLocalLines = useCartStore((state) => state.items.length > 0);
  const { mutate, isPending, isError } = useMutation({
    mutationKey: saveLocalCartMutationKey,
    mutationFn: saveLocalCart,
    onSuccess: async (cart, userId) => {
      if (cart) queryClient.setQueryData(serverCartQueryKey(userId), cart);
      // And fetched again: a fetch that started before the save must not show the cart without it.
      await queryClient.invalidateQueries({ queryKey: serverCartQueryKey(userId) });
    },
    onError: (error) => toast.error(error.message),
  });

  useEffect(() => {
    if (userId && hasLocalLines && !isPending && !isError) mutate(userId);
  }, [userId, hasLocalLines, isPending, isError, mutate]);

  return { isSaving: isPending };
}
