import { type Cart, cartSchema } from '@gvm/contract';
import { api } from '@/lib/api-client';

/** POST /carts: creates the user's cart, or answers the one they already have. */
export async function createCart(userId: string): Promise<Cart> {
  const response = await api.post('/carts', { userId });
  return cartSchema.parse(response.data);
}
