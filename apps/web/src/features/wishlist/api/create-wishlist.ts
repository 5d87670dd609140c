import { type Wishlist, wishlistEndpoints } from '@gvm/contract';
import { callEndpoint } from '@/lib/api-client';

/** POST /wishlists: creates the caller's wishlist (spec 000 section 4: on the first add when there is none). */
export async function createWishlist(): Promise<Wishlist> {
  return callEndpoint(wishlistEndpoints.create, { body: undefined });
}
