import { asc, count, eq, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wallets, walletTransactions } from '../../db/schema/wallets';
import { violatedCheckConstraint } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';

/**
 * What operators do to UGM Credit (docs/product/wallet-and-credit.md#operator-changes, decision
 * 049): a refund of an order to credit (`refund`, +) and an adjustment (`adjustment`, ±). Both
 * are ledger rows, so the balance moves with them through migration 0003's trigger, under the
 * wallet row's lock, and its CHECK refuses a balance below zero.
 */

export const BELOW_ZERO_MESSAGE = 'This adjustment would take the UGM Credit below zero';

async function walletFor(tx: Executor, userId: string, currency: string): Promise<{ id: string }> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ userId, currency })
    .onConflictDoUpdate({ target: [wallets.userId, wallets.currency], set: { updatedAt: sql`${wallets.updatedAt}` } })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('upserting a wallet returned no row');
  return wallet;
}

async function balanceOf(tx: Executor, walletId: string): Promise<number> {
  const [row] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId));
  return row?.balance ?? 0;
}

export interface CreditRefund {
  userId: string;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  orderIds: readonly string[];
  at: Date;
}

/** Refunds to the user's UGM Credit inside the caller's transaction; answers the new balance. */
export async function refundToCredit(tx: Executor, refund: CreditRefund): Promise<number> {
  const wallet = await walletFor(tx, refund.userId, refund.currency);
  await tx.insert(walletTransactions).values({
    walletId: wallet.id,
    type: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    orderIds: [...refund.orderIds],
    createdAt: refund.at,
  });
  return balanceOf(tx, wallet.id);
}

export interface CreditAdjustment {
  userId: string;
  /** Minor units, signed, never zero. */
  amount: number;
  currency: string;
  at: Date;
}

/**
 * Adjusts the user's UGM Credit inside the caller's transaction: one `adjustment` row of the
 * signed amount. A balance that would go below zero is refused (422) and nothing is written.
 */
export async function adjustCredit(tx: Executor, adjustment: CreditAdjustment): Promise<number> {
  const wallet = await walletFor(tx, adjustment.userId, adjustment.currency);
  try {
    await tx.insert(walletTransactions).values({
      walletId: wallet.id,
      type: 'adjustment',
      amount: adjustment.amount,
      currency: adjustment.currency,
      createdAt: adjustment.at,
    });
  } catch (error) {
    if (violatedCheckConstraint(error) === 'wallets_balance_not_negative') {
      throw new AppError('BUSINESS_RULE', BELOW_ZERO_MESSAGE);
    }
    throw error;
  }
  return balanceOf(tx, wallet.id);
}

/** The user's balance in a currency (0 without a wallet). */
export async function creditBalanceOf(db: Executor, userId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(sql`${wallets.userId} = ${userId} and ${wallets.currency} = ${currency}`);
  return row?.balance ?? 0;
}

/** UGM Credit outstanding (docs/product/operators.md#reports): the sum of wallet balances per currency. */
export async function creditOutstanding(
  db: Executor,
): Promise<{ currency: string; wallets: number; balance: number }[]> {
  const rows = await db
    .select({ currency: wallets.currency, wallets: count(), balance: sum(wallets.balance) })
    .from(wallets)
    .groupBy(wallets.currency)
    .orderBy(asc(wallets.currency));
  return rows.map((row) => ({ currency: row.currency, wallets: row.wallets, balance: Number(row.balance ?? 0) }));
}
