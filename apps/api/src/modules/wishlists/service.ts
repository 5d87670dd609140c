import { WISHLIST_NOT_FOUND_MESSAGE, type Wishlist, type WishlistsResponse } from '@gvm/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { wishlistItems, wishlists } from '../../db/schema/wishlists';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findProductsByIds, getProduct } from '../catalog';

interface WishlistRef {
  id: string;
  name: string;
}

/** The wishlists with their items, oldest first: the client uses the first (docs/product/browsing.md#wishlist). */
async function loadWishlistViews(db: Executor, lists: readonly WishlistRef[]): Promise<Wishlist[]> {
  if (lists.length === 0) return [];
  const rows = await db
    .select({ wishlistId: wishlistItems.wishlistId, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(
      inArray(
        wishlistItems.wishlistId,
        lists.map((list) => list.id),
      ),
    )
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  const found = await findProductsByIds(
    db,
    rows.map((row) => row.productId),
  );
  return lists.map((list) => ({
    _id: list.id,
    name: list.name,
    // A product deleted between the two reads is left out, as the join used to.
    items: rows.flatMap((row) => {
      const product = row.wishlistId === list.id ? found.get(row.productId.toLowerCase()) : undefined;
      return product ? [{ productId: product._id, product }] : [];
    }),
  }));
}

async function findWishlists(db: Executor, userId: string): Promise<WishlistRef[]> {
  return db
    .select({ id: wishlists.id, name: wishlists.name })
    .from(wishlists)
    .where(eq(wishlists.userId, userId))
    .orderBy(asc(wishlists.createdAt), asc(wishlists.id));
}

export async function getWishlists(db: Executor, userId: string): Promise<WishlistsResponse> {
  const lists = await findWishlists(db, userId);
  // docs/product/browsing.md#wishlist: the client creates a wishlist when this answers 404.
  if (lists.length === 0) throw notFound(WISHLIST_NOT_FOUND_MESSAGE);
  return { wishlists: await loadWishlistViews(db, lists) };
}

/**
 * POST /wishlists: the caller's first wishlist, created when they have none. The table allows
 * several per user, so a per-user advisory lock stops two concurrent calls both creating one.
 */
export async function createWishlist(db: Database, userId: string): Promise<{ wishlist: Wishlist; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wishlist:${userId}`}, 0))`);
    const [existing] = await findWishlists(tx, userId);
    if (existing) {
      const [wishlist] = await loadWishlistViews(tx, [existing]);
      if (wishlist) return { wishlist, created: false };
    }
    const [inserted] = await tx
      .insert(wishlists)
      .values({ userId })
      .returning({ id: wishlists.id, name: wishlists.name });
    if (!inserted) throw new Error('inserting a wishlist returned no row');
    return { wishlist: { _id: inserted.id, name: inserted.name, items: [] }, created: true };
  });
}

/** The caller's wishlist by id: 404 when there is no such wishlist, 403 when it is someone else's. */
async function findOwnWishlist(db: Executor, userId: string, wishlistId: string): Promise<WishlistRef> {
  const [list] = isUuid(wishlistId)
    ? await db
        .select({ id: wishlists.id, name: wishlists.name, userId: wishlists.userId })
        .from(wishlists)
        .where(eq(wishlists.id, wishlistId))
    : [];
  if (!list) throw notFound(WISHLIST_NOT_FOUND_MESSAGE);
  if (list.userId !== userId) throw forbidden();
  return list;
}

async function loadWishlistView(db: Executor, list: WishlistRef): Promise<Wishlist> {
  const [wishlist] = await loadWishlistViews(db, [list]);
  if (!wishlist) throw new Error('a loaded wishlist produced no view');
  return wishlist;
}

/** Adding a product already in the wishlist is not an error: the heart simply stays filled. */
export async function addWishlistItem(
  db: Database,
  userId: string,
  wishlistId: string,
  productId: string,
): Promise<Wishlist> {
  const list = await findOwnWishlist(db, userId, wishlistId);
  const product = await getProduct(db, productId);
  await db.insert(wishlistItems).values({ wishlistId: list.id, productId: product._id }).onConflictDoNothing();
  return loadWishlistView(db, list);
}

/** Removing a product that is not in the wishlist is not an error either: it is not there. */
export async function removeWishlistItem(
  db: Database,
  userId: string,
  wishlistId: string,
  productId: string,
): Promise<Wishlist> {
  const list = await findOwnWishlist(db, userId, wishlistId);
  if (isUuid(productId)) {
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.wishlistId, list.id), eq(wishlistItems.productId, productId)));
  }
  return loadWishlistView(db, list);
}
