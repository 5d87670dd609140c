import { type Cart, toMajorUnits } from '@gvm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems, type ProductRow, products } from '../../db/schema';
import { toProduct } from '../catalog/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque on the wire; one that is not a uuid names nothing, and must not reach a uuid column. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** The catalogue rows of the given product ids that exist, by their lower-case id. */
export async function findProducts(db: Executor, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The whole cart as every cart endpoint answers it, oldest line first. Lines whose product was
 * deleted are gone already: cart_items cascades from products.
 */
export async function loadCartView(db: Executor, cart: { id: string; userId: string }): Promise<Cart> {
  const rows = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return {
    _id: cart.id,
    userId: cart.userId,
    items: rows.map(({ item, product }) => ({
      _id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      selectedValue: toMajorUnits(item.selectedValue),
      product: toProduct(product),
    })),
  };
}
