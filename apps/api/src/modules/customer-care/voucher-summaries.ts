import { type OpsVoucherSummary, toMajorUnits } from '@gvm/contract';
import type { Executor } from '../../db/client';
import { giftOrdersOf } from '../gifts';
import { findAccountSummaries } from '../users';
import { lastFourOf, type VoucherRow, voucherStateOf } from '../vouchers';

/**
 * Vouchers as an operator sees them (decision 048): state, buyer, holder, whether a gift, and
 * only the last four characters of the code. A voucher issued before migration 0012 whose last
 * four the start-up backfill has not reached yet shows '····' rather than opening its code here;
 * one with no code yet (bought when its holder activates it, decision 068) shows none.
 */
export async function toVoucherSummaries(db: Executor, rows: readonly VoucherRow[]): Promise<OpsVoucherSummary[]> {
  const accounts = await findAccountSummaries(
    db,
    rows.flatMap((row) => [row.buyerId, ...(row.ownerId ? [row.ownerId] : [])]),
  );
  const gifts = await giftOrdersOf(
    db,
    rows.map((row) => row.id),
  );
  const who = (id: string | null) => {
    const account = id ? accounts.get(id) : undefined;
    return account ? { id: account.id, email: account.email } : null;
  };
  return rows.map((row) => ({
    id: row.id,
    merchantName: row.merchantName,
    productCode: row.productCode,
    value: toMajorUnits(row.value),
    currency: row.currency,
    state: voucherStateOf(row),
    codeLast4: row.codeLast4 ? lastFourOf(row.codeLast4) : row.codeCiphertext === null ? null : '····',
    buyer: who(row.buyerId),
    holder: who(row.ownerId),
    checkoutSessionId: row.checkoutSessionId,
    isGift: gifts.has(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
}
