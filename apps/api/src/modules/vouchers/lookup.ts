import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type OrderRow, orders } from '../../db/schema/vouchers';

/** A voucher's row as other modules read it (a gift's card, its e-mail, its claim). */
export type VoucherRow = OrderRow;

/** Vouchers by id (ids not found are absent from the map). */
export async function findVouchersByIds(db: Executor, ids: readonly string[]): Promise<Map<string, VoucherRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Gives a voucher that belongs to nobody (a gift's, until claimed) to `userId`, inside the
 * caller's transaction. Null when it already has an owner.
 */
export async function handOverVoucher(tx: Executor, voucherId: string, userId: string): Promise<VoucherRow | null> {
  const [order] = await tx
    .update(orders)
    .set({ ownerId: userId })
    // A voucher ended by a refund or a void (docs/product/operators.md#refunds) is nobody's to take.
    .where(and(eq(orders.id, voucherId), isNull(orders.ownerId), notInArray(orders.status, ['refunded', 'void'])))
    .returning();
  return order ?? null;
}
