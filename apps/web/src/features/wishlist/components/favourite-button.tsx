/** The heart that adds a product to the wishlist (spec 000 section 4). Built with accounts (issue 3). */
export function FavouriteButton(_props: { productId: string; merchantName: string }) {
  return null;
}
