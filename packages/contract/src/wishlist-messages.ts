/**
 * The wishlist's messages (docs/product/browsing.md#wishlist), apart from the schemas: they need no zod,
 * so the web's first load can import them without it (decision 023). `./wishlists` re-exports them.
 */
export const WISHLIST_NOT_FOUND_MESSAGE = 'Wishlist not found';
export const WISHLIST_ITEM_ADDED_MESSAGE = 'Added to your wishlist';
export const WISHLIST_ITEM_REMOVED_MESSAGE = 'Removed from your wishlist';
/** docs/product/browsing.md#wishlist: shown by the client when a guest taps the heart. */
export const WISHLIST_LOGIN_REQUIRED_MESSAGE = 'Please log in to add items to your wishlist.';
