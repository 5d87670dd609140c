import { type Cart, type CartLineRequest, cartSchema } from '@gvm/contract';
import { api } from '@/lib/api-client';

/** POST /carts/:userId/items/bulk: saves the lines held in this browser into the user's cart. */
export async function bulkAddCartItems(userId: string, items: readonly CartLineRequest[]): Promise<Cart> {
  const response = await api.post(`/carts/${encodeURIComponent(userId)}/items/bulk`, { items });
  return cartSchema.parse(response.data);
}
