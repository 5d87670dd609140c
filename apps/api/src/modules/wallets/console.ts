import { toMajorUnits } from '@gvm/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wallets, walletTransactions } from '../../db/schema/wallets';

/**
 * What the operator console reads of UGM Credit (docs/product/operators.md#customers): each of a
 * customer's wallets (one per currency) with its balance and ledger, and the ledger rows that name
 * a voucher (for the voucher's timeline).
 */

export interface ConsoleLedgerEntry {
  id: string;
  type: string;
  /** Major units, unsigned; the type gives the sign. */
  amount: number;
  at: string;
  voucherIds: string[];
}

export interface ConsoleWallet {
  currency: string;
  /** Major units. */
  balance: number;
  ledger: ConsoleLedgerEntry[];
}

const entryOf = (row: typeof walletTransactions.$inferSelect): ConsoleLedgerEntry => ({
  id: row.id,
  type: row.type,
  amount: toMajorUnits(row.amount),
  at: row.createdAt.toISOString(),
  voucherIds: row.orderIds,
});

/** Every wallet of the customer, first-opened first, each with its newest `limit` ledger rows. */
export async function walletsOfCustomer(db: Executor, userId: string, limit = 200): Promise<ConsoleWallet[]> {
  const rows = await db.select().from(wallets).where(eq(wallets.userId, userId)).orderBy(asc(wallets.createdAt));
  const views: ConsoleWallet[] = [];
  for (const wallet of rows) {
    const ledger = await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, wallet.id))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(limit);
    views.push({ currency: wallet.currency, balance: toMajorUnits(wallet.balance), ledger: ledger.map(entryOf) });
  }
  return views;
}

/** The ledger rows that name a voucher (its purchase, its conversion to credit), oldest first. */
export async function ledgerEntriesOfVoucher(
  db: Executor,
  voucherId: string,
): Promise<(ConsoleLedgerEntry & { walletOwnerId: string })[]> {
  const rows = await db
    .select({ entry: walletTransactions, walletOwnerId: wallets.userId })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(sql`${walletTransactions.orderIds} @> array[${voucherId}]::uuid[]`)
    .orderBy(asc(walletTransactions.createdAt));
  return rows.map((row) => ({ ...entryOf(row.entry), walletOwnerId: row.walletOwnerId }));
}
