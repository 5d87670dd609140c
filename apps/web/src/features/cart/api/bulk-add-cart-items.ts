import type { Cart, CartLineRequest } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';

/** POST /carts/:userId/items/bulk: saves the lines held in this browser into the user's cart. */
export async function bulkAddCartItems(userId: string, items: readonly CartLineRequest[]): Promise<Cart> {
  return callEndpoint(cartEndpoint('addItems'), { params: { userId }, body: { items: [...items] } });
}
