import type { Cart } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';
import { createCart } from './create-cart';

/** GET /carts/:userId: the signed-in user's cart, every line with its product. */
export async function getCart(userId: string): Promise<Cart> {
  return callEndpoint(cartEndpoint('get'), { params: { userId } });
}

/**
 * docs/product/buying.md#cart: a signed-in user's cart is fetched by user id, and if the fetch errors a
 * cart is created. POST /carts answers the existing cart when there is one, so creating after an
 * error other than 'none yet' cannot lose or duplicate anything.
 */
export async function getOrCreateCart(userId: string): Promise<Cart> {
  try {
    return await getCart(userId);
  } catch {
    return createCart(userId);
  }
}

export const serverCartQueryKey = (userId: string) => ['cart', userId] as const;

export function serverCartQueryOptions(userId: string) {
  return queryOptions({ queryKey: serverCartQueryKey(userId), queryFn: () => getOrCreateCart(userId) });
}

export function useServerCartQuery(userId: string | undefined) {
  return useQuery({ ...serverCartQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
