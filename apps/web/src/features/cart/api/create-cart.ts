import { type Cart, cartEndpoints } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';

/** POST /carts: creates the user's cart, or answers the one they already have. */
export async function createCart(userId: string): Promise<Cart> {
  return callEndpoint(cartEndpoints.create, { body: { userId } });
}
