import { type Cart, toMajorUnits } from '@gvm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cartItems } from '../../db/schema/carts';
import { findProductsByIds } from '../catalog';

/**
 * The whole cart as every cart endpoint answers it, oldest line first. Lines whose product was
 * deleted are gone already (cart_items cascades from products); one deleted between the two
 * reads is left out, as the join used to.
 */
export async function loadCartView(db: Executor, cart: { id: string; userId: string }): Promise<Cart> {
  const lines = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const found = await findProductsByIds(
    db,
    lines.map((line) => line.productId),
  );
  return {
    _id: cart.id,
    userId: cart.userId,
    items: lines.flatMap((line) => {
      const product = found.get(line.productId.toLowerCase());
      if (!product) return [];
      return [
        {
          _id: line.id,
          productId: line.productId,
          quantity: line.quantity,
          selectedValue: toMajorUnits(line.selectedValue),
          product,
        },
      ];
    }),
  };
}
