import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser, userIdOf } from '@/lib/auth/current-user';
import { useAddCartItem } from '../api/add-cart-item';
import { useServerCartQuery } from '../api/get-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import { estimateTotals } from '../lib/estimate-totals';
import { toCartLine } from '../lib/to-cart-line';
import { useCartStore } from '../stores/cart-store';
import { useRecipientStore } from '../stores/recipient-store';
import type { CartApi } from '../types';
import { saveLocalCartMutationKey } from './save-local-cart-key';

/** docs/product/buying.md#cart: an action before the user's id is known. */
const MISSING_USER_MESSAGE = 'User ID not found';

function requireUserId(userId: string | undefined): string {
  if (!userId) throw new ApiError(401, MISSING_USER_MESSAGE);
  return userId;
}

/**
 * The signed-in user's cart, held by the server (docs/product/buying.md#cart), behind the same `CartApi`
 * as the guest cart. Every change rejects with the server's error (its `error` field) for the page
 * to show; while one runs `isPending` disables the buttons.
 */
export function useServerCart({ enabled }: { enabled: boolean }): CartApi {
  const user = useCurrentUser();
  const userId = enabled ? userIdOf(user) : undefined;
  const cart = useServerCartQuery(userId);
  const { refetch } = cart;
  const { refetch: refetchUser } = user;
  // The shell saves the local lines after sign-in (SaveLocalCartOnSignIn, whose code loads on its
  // own: decision 023). Until that save has run, the server cart lacks them, so the cart counts
  // as saving while lines are held here, unless the last save failed (they then stay local).
  const hasLocalLines = useCartStore((state) => state.items.length > 0);
  const saving = useIsMutating({ mutationKey: saveLocalCartMutationKey }) > 0;
  const lastSave = useMutationState({
    filters: { mutationKey: saveLocalCartMutationKey },
    select: (m) => m.state.status,
  });
  const isSaving = Boolean(userId) && (saving || (hasLocalLines && lastSave.at(-1) !== 'error'));
  const recipients = useRecipientStore((state) => state.recipients);
  const { mutateAsync: addLine, isPending: adding } = useAddCartItem();
  const { mutateAsync: updateLine, isPending: updating } = useUpdateCartItem();
  const { mutateAsync: removeLine, isPending: removing } = useRemoveCartItem();

  return useMemo<CartApi>(() => {
    const items = (cart.data?.items ?? []).map((line) => toCartLine(line, recipients));
    return {
      items,
      totals: estimateTotals(items),
      count: items.reduce((sum, item) => sum + item.quantity, 0),
      // A user who cannot be loaded leaves the cart query waiting: that is a failure, not loading.
      isLoading: enabled && !user.isError && (cart.isPending || isSaving),
      isPending: isSaving || adding || updating || removing,
      loadError: !enabled ? null : (user.error?.message ?? cart.error?.message ?? null),
      retryLoad: () => {
        if (user.isError) void refetchUser();
        else void refetch();
      },
      addItem: async ({ productId, quantity, selectedValue }) => {
        await addLine({ userId: requireUserId(userId), line: { productId, quantity, selectedValue } });
      },
      changeQuantity: async (itemId, quantity) => {
        await updateLine({ userId: requireUserId(userId), itemId, quantity });
      },
      removeItem: async (itemId) => {
        const removed = items.find((item) => item._id === itemId);
        const after = await removeLine({ userId: requireUserId(userId), itemId });
        // As in the guest cart: the product's recipients go with its last line.
        if (removed && !after.items.some((line) => line.productId === removed.productId)) {
          useRecipientStore.getState().removeRecipientsForProduct(removed.productId);
        }
      },
    };
  }, [
    cart.data,
    cart.isPending,
    cart.error,
    refetch,
    user.isError,
    user.error,
    refetchUser,
    enabled,
    isSaving,
    recipients,
    userId,
    adding,
    updating,
    removing,
    addLine,
    updateLine,
    removeLine,
  ]);
}
