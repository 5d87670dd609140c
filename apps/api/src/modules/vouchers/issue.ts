import { randomUUID } from 'node:crypto';
import { type OrderItem, toMajorUnits } from '@gvm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/vouchers';
import { type Gate, insertRowsWhen, type Keyed, keyedBy, type StatementPart } from '../../db/statement-parts';
import { logoUrl } from '../catalog';

/** One voucher to issue: a unit of a priced checkout line. */
export interface VoucherUnit {
  unitIndex: number;
  productId: string | null;
  productCode: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  /** A gift's voucher belongs to nobody until its recipient claims it. */
  heldForGift: boolean;
}

export interface IssuedVoucher {
  id: string;
  unitIndex: number;
  productCode: string;
  merchantName: string;
  value: number;
  currency: string;
}

/** The orders a paid checkout's statement writes, each keyed by its session (decision 062). */
export type NewVoucherRow = Keyed<typeof orders.$inferInsert>;

/**
 * The vouchers of one paid checkout session (decision 057): one order per unit, keyed by the
 * session, their ids made here so the rest of the statement can name them. A voucher is stored
 * value until its holder activates it: its code is bought from the supplier then (decision 068),
 * so none is made here. Answers the rows for `issueVouchersPart` and the vouchers they issue.
 */
export function newVouchers(input: {
  checkoutSessionId: string;
  buyerId: string;
  units: readonly VoucherUnit[];
  at: Date;
}): { rows: NewVoucherRow[]; issued: IssuedVoucher[] } {
  const units = [...input.units].sort((a, b) => a.unitIndex - b.unitIndex);
  const rows = units.map((unit) => {
    return {
      id: randomUUID(),
      checkoutSessionId: input.checkoutSessionId,
      unitIndex: unit.unitIndex,
      ownerId: unit.heldForGift ? null : input.buyerId,
      buyerId: input.buyerId,
      productId: unit.productId,
      productCode: unit.productCode,
      merchantName: unit.merchantName,
      value: unit.value,
      currency: unit.currency,
      createdAt: input.at,
    };
  });
  const issued = units.map((unit, index) => ({
    id: rows[index]?.id ?? '',
    unitIndex: unit.unitIndex,
    productCode: unit.productCode,
    merchantName: unit.merchantName,
    value: unit.value,
    currency: unit.currency,
  }));
  return { rows: keyedBy(input.checkoutSessionId, rows), issued };
}

/**
 * The part of a paid checkout's statement that issues the vouchers of every session the gate
 * claimed (decisions 057 and 062). The orders' unique (session, unit) refuses a unit issued twice,
 * and with it the whole statement.
 */
export function issueVouchersPart(gate: Gate, rows: readonly NewVoucherRow[]): StatementPart {
  return { name: 'issued_vouchers', body: insertRowsWhen(orders, rows, gate) };
}

/** The vouchers of one checkout session as the payment result screen shows them, in unit order. */
export async function listSessionVouchers(db: Executor, checkoutSessionId: string): Promise<OrderItem[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(orders.unitIndex));
  return rows.map((row) => ({
    _id: row.id,
    productCode: row.productCode,
    merchant: { name: row.merchantName },
    imageUrl: logoUrl(row.productCode),
    valuePurchased: toMajorUnits(row.value),
    currency: row.currency,
  }));
}
