import { type OrderItem, toMajorUnits } from '@gvm/contract';
import { asc, eq } from 'drizzle-orm';
import { createVoucherCipher, newVoucherCode, newVoucherPin } from '../../adapters/vouchers';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/vouchers';
import { logoUrl } from '../catalog';
import { lastFourOf } from './last-four';

/** One voucher to issue: a unit of a priced checkout line. */
export interface VoucherUnit {
  unitIndex: number;
  productId: string | null;
  productCode: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  usesPin: boolean;
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

/**
 * Issues the vouchers of a paid checkout session inside the caller's transaction: one order per
 * unit with an encrypted code (and PIN). Units already issued (unique session + unit index) are
 * skipped and not answered, so a second fulfilment issues nothing.
 */
export async function issueVouchers(
  tx: Executor,
  input: {
    checkoutSessionId: string;
    buyerId: string;
    units: readonly VoucherUnit[];
    encryptionKey: string;
    at: Date;
  },
): Promise<IssuedVoucher[]> {
  if (input.units.length === 0) return [];
  const cipher = createVoucherCipher(input.encryptionKey);
  const inserted = await tx
    .insert(orders)
    .values(
      input.units.map((unit) => {
        const code = newVoucherCode();
        return {
          checkoutSessionId: input.checkoutSessionId,
          unitIndex: unit.unitIndex,
          ownerId: unit.heldForGift ? null : input.buyerId,
          buyerId: input.buyerId,
          productId: unit.productId,
          productCode: unit.productCode,
          merchantName: unit.merchantName,
          value: unit.value,
          currency: unit.currency,
          codeCiphertext: cipher.seal(code),
          codeLast4: lastFourOf(code),
          pinCiphertext: unit.usesPin ? cipher.seal(newVoucherPin()) : null,
          createdAt: input.at,
        };
      }),
    )
    .onConflictDoNothing({ target: [orders.checkoutSessionId, orders.unitIndex] })
    .returning({ id: orders.id, unitIndex: orders.unitIndex });
  const unitsByIndex = new Map(input.units.map((unit) => [unit.unitIndex, unit]));
  const issued: IssuedVoucher[] = [];
  for (const row of inserted.sort((a, b) => a.unitIndex - b.unitIndex)) {
    const unit = unitsByIndex.get(row.unitIndex);
    if (!unit) continue;
    issued.push({
      id: row.id,
      unitIndex: row.unitIndex,
      productCode: unit.productCode,
      merchantName: unit.merchantName,
      value: unit.value,
      currency: unit.currency,
    });
  }
  return issued;
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
