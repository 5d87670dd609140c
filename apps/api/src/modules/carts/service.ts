import {
  BULK_CART_REJECTED_MESSAGE,
  CART_ITEM_NOT_FOUND_MESSAGE,
  CART_NOT_FOUND_MESSAGE,
  type Cart,
  type CartLineRequest,
  type FieldError,
  INVALID_CARD_VALUE_MESSAGE,
  isAcceptedValue,
  MAX_QUANTITY_PER_LINE,
  QUANTITY_LIMIT_MESSAGE,
  toMinorUnits,
} from '@gvm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cartItems, carts } from '../../db/schema/carts';
import { type Gate, gatedRecords, type Keyed, type StatementPart } from '../../db/statement-parts';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findProductsByIds, getProduct } from '../catalog';
import { loadCartView } from './cart-view';

interface CartRef {
  id: string;
  userId: string;
}

async function findCart(db: Executor, userId: string): Promise<CartRef | null> {
  const [cart] = await db.select({ id: carts.id, userId: carts.userId }).from(carts).where(eq(carts.userId, userId));
  return cart ?? null;
}

/** The user's cart, created when missing and marked as changed now; safe under concurrent calls. */
async function touchCart(db: Executor, userId: string): Promise<CartRef> {
  const [cart] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id, userId: carts.userId });
  if (!cart) throw new Error('upserting a cart returned no row');
  return cart;
}

/** POST /carts: idempotent; `created` tells the route whether to answer 201 or 200. */
export async function createCart(db: Database, userId: string): Promise<{ cart: Cart; created: boolean }> {
  const [inserted] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoNothing({ target: carts.userId })
    .returning({ id: carts.id, userId: carts.userId });
  const cart = inserted ?? (await findCart(db, userId));
  if (!cart) throw new Error('the cart vanished between insert and select');
  return { cart: await loadCartView(db, cart), created: inserted !== undefined };
}

export async function getCart(db: Executor, userId: string): Promise<Cart> {
  const cart = await findCart(db, userId);
  if (!cart) throw notFound(CART_NOT_FOUND_MESSAGE);
  return loadCartView(db, cart);
}

function invalidValue(path: string): AppError {
  return new AppError('VALIDATION', INVALID_CARD_VALUE_MESSAGE, [{ path, message: INVALID_CARD_VALUE_MESSAGE }]);
}

const lineTarget = [cartItems.cartId, cartItems.productId, cartItems.selectedValue];

/**
 * Adds one line; the same product at the same value merges into the existing line. A merge past
 * 5 is refused (422) rather than capped: the shopper asked for more than can be bought, and a
 * silent cap would show a quantity they did not choose. The upsert's WHERE makes the check and
 * the write one statement, so concurrent adds neither duplicate the line nor overshoot 5.
 */
export async function addCartItem(db: Database, userId: string, line: CartLineRequest): Promise<Cart> {
  const product = await getProduct(db, line.productId);
  if (!isAcceptedValue(product, line.selectedValue)) throw invalidValue('selectedValue');
  return db.transaction(async (tx) => {
    const cart = await touchCart(tx, userId);
    const written = await tx
      .insert(cartItems)
      .values({
        cartId: cart.id,
        productId: product._id,
        quantity: line.quantity,
        selectedValue: toMinorUnits(line.selectedValue),
      })
      .onConflictDoUpdate({
        target: lineTarget,
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_QUANTITY_PER_LINE}`,
      })
      .returning({ id: cartItems.id });
    if (written.length === 0) throw new AppError('BUSINESS_RULE', QUANTITY_LIMIT_MESSAGE);
    return loadCartView(tx, cart);
  });
}

/**
 * Saves a batch of lines (a guest's local cart after sign-in): every line is checked first and
 * one bad line rejects the batch with per-line errors; then all are written in one transaction.
 * Here merges are capped at 5 instead of refused, so a line already at the limit on the server
 * cannot make the shopper lose the rest of the cart they built before signing in.
 */
export async function addCartItems(db: Database, userId: string, lines: readonly CartLineRequest[]): Promise<Cart> {
  const found = await findProductsByIds(
    db,
    lines.map((line) => line.productId),
  );
  const errors: FieldError[] = [];
  // One INSERT cannot touch the same row twice, so repeated lines in the batch are merged first.
  const merged = new Map<string, { productId: string; selectedValue: number; quantity: number }>();
  lines.forEach((line, index) => {
    const product = found.get(line.productId.toLowerCase());
    if (!product) {
      errors.push({ path: `items.${index}.productId`, message: 'Product not found' });
    } else if (!isAcceptedValue(product, line.selectedValue)) {
      errors.push({ path: `items.${index}.selectedValue`, message: INVALID_CARD_VALUE_MESSAGE });
    } else {
      const selectedValue = toMinorUnits(line.selectedValue);
      const key = `${product._id}:${selectedValue}`;
      const quantity = Math.min((merged.get(key)?.quantity ?? 0) + line.quantity, MAX_QUANTITY_PER_LINE);
      merged.set(key, { productId: product._id, selectedValue, quantity });
    }
  });
  if (errors.length > 0) throw new AppError('VALIDATION', BULK_CART_REJECTED_MESSAGE, errors);

  return db.transaction(async (tx) => {
    const cart = await touchCart(tx, userId);
    await tx
      .insert(cartItems)
      // Every row of a transaction shares now(); a microsecond per line keeps the batch's order.
      .values(
        [...merged.values()].map((line, index) => ({
          ...line,
          cartId: cart.id,
          createdAt: sql`now() + ${index} * interval '1 microsecond'`,
        })),
      )
      .onConflictDoUpdate({
        target: lineTarget,
        set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY_PER_LINE})` },
      });
    return loadCartView(tx, cart);
  });
}

/** The caller’s cart, when the line id could name one of its lines; another user’s line is simply not found. */
async function findCartOfLine(db: Executor, userId: string, itemId: string): Promise<CartRef> {
  const cart = isUuid(itemId) ? await findCart(db, userId) : null;
  if (!cart) throw notFound(CART_ITEM_NOT_FOUND_MESSAGE);
  return cart;
}

export async function updateCartItem(db: Database, userId: string, itemId: string, quantity: number): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await findCartOfLine(tx, userId, itemId);
    const updated = await tx
      .update(cartItems)
      .set({ quantity })
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
      .returning({ id: cartItems.id });
    if (updated.length === 0) throw notFound(CART_ITEM_NOT_FOUND_MESSAGE);
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
    return loadCartView(tx, cart);
  });
}

export async function removeCartItem(db: Database, userId: string, itemId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    const cart = await findCartOfLine(tx, userId, itemId);
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)))
      .returning({ id: cartItems.id });
    if (removed.length === 0) throw notFound(CART_ITEM_NOT_FOUND_MESSAGE);
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cart.id));
    return loadCartView(tx, cart);
  });
}

/**
 * The part of a paid checkout's statement that empties the cart of each buyer whose session the
 * gate claimed (decisions 057 and 062); each row names a buyer, keyed by their session.
 */
export function clearCartPart(gate: Gate, buyers: readonly Keyed<{ userId: string }>[]): StatementPart {
  const rows = buyers.map(({ key, row }) => ({ key, row: { user_id: row.userId } }));
  return {
    name: 'cleared_cart',
    body: sql`delete from ${cartItems}
      where ${cartItems.cartId} in (
        select c.id from ${carts} c join ${gatedRecords(gate, rows, sql`user_id uuid`)} on c.user_id = r.user_id
      )`,
  };
}
