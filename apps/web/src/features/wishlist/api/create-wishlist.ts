import type { Wishlist } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';
import { wishlistEndpoint } from '@/lib/lazy-endpoints';

/** POST /wishlists: creates the caller's wishlist (docs/product/browsing.md#wishlist: on the first add when there is none). */
export async function createWishlist(): Promise<Wishlist> {
  return callEndpoint(wishlistEndpoint('create'), { body: undefined });
}
