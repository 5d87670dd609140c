import type { Cart } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';
import { cartEndpoint } from '@/lib/lazy-endpoints';

/** POST /carts: creates the user's cart, or answers the one they already have. */
export async function createCart(userId: string): Promise<Cart> {
  return callEndpoint(cartEndpoint('create'), { body: { userId } });
}
