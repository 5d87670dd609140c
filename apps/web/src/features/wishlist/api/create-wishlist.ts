import { type Wishlist, wishlistSchema } from '@gvm/contract';
import { api } from '@/lib/api-client';

/** POST /wishlists: creates the caller's wishlist (spec 000 section 4: on the first add when there is none). */
export async function createWishlist(): Promise<Wishlist> {
  const response = await api.post('/wishlists');
  return wishlistSchema.parse(response.data);
}
