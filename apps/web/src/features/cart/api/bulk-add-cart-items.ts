import { type Cart, type CartLineRequest, cartEndpoints } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';

/** POST /carts/:userId/items/bulk: saves the lines held in this browser into the user's cart. */
export async function bulkAddCartItems(userId: string, items: readonly CartLineRequest[]): Promise<Cart> {
  return callEndpoint(cartEndpoints.addItems, { params: { userId }, body: { items: [...items] } });
}
