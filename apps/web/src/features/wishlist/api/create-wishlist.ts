import type { Wishlist } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';
import { wishlistEndpoint } from '@/lib/lazy-endpoints';

/** POST /wishlists: creates the caller's wishlist (spec 000 section 4: on the first add when there is none). */
export async function createWishlist(): Promise<Wishlist> {
  return callEndpoint(wishlistEndpoint('create'), { body: undefined });
}
