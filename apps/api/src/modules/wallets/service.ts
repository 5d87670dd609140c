import {
  CREDIT_BALANCE_TOO_LOW_MESSAGE,
  creditCurrencyMessage,
  toMajorUnits,
  WALLET_HISTORY_LIMIT,
  type Wallet,
  walletCurrencyForCountry,
} from '@gvm/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type WalletRow, wallets, walletTransactions } from '../../db/schema/wallets';
import { violatedCheckConstraint } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';

export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found';
export const WALLET_CURRENCY_MISMATCH_MESSAGE = "This voucher's currency is not your wallet's currency";
const walletCurrencies = new Set(['GBP', 'USD', 'EUR']);

/** The creation payload's `currency`: one of our currencies as given, else a country (GB, US, EU; default GBP). */
export function walletCurrencyOf(currencyOrCountry: string | undefined): string {
  const given = (currencyOrCountry ?? '').trim().toUpperCase();
  return walletCurrencies.has(given) ? given : walletCurrencyForCountry(given);
}

async function walletView(db: Executor, wallet: WalletRow): Promise<Wallet> {
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.walletId, wallet.id))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(WALLET_HISTORY_LIMIT);
  return {
    _id: wallet.id,
    currency: wallet.currency,
    balance: toMajorUnits(wallet.balance),
    transactions: rows.map((row) => ({
      transactionType: row.type,
      transactionValue: toMajorUnits(row.amount),
      timestamp: row.createdAt.toISOString(),
      orderID: row.orderIds[0] ?? null,
    })),
  };
}

/** The user's wallet with its last 100 movements, newest first; 404 when they have none. */
export async function getWallet(db: Executor, userId: string): Promise<Wallet> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1);
  if (!wallet) throw notFound(WALLET_NOT_FOUND_MESSAGE);
  return walletView(db, wallet);
}

/** Creates the user's wallet, or answers the one they have (one per user, even under concurrent calls). */
export async function createWallet(
  db: Executor,
  userId: string,
  currencyOrCountry: string | undefined,
): Promise<{ wallet: Wallet; created: boolean }> {
  const [inserted] = await db
    .insert(wallets)
    .values({ userId, currency: walletCurrencyOf(currencyOrCountry) })
    .onConflictDoNothing({ target: wallets.userId })
    .returning();
  if (inserted) return { wallet: await walletView(db, inserted), created: true };
  return { wallet: await getWallet(db, userId), created: false };
}

export interface WalletCredit {
  userId: string;
  /** Minor units, positive. */
  amount: number;
  /** The wallet's currency when it must be created; a wallet in another currency refuses the credit (422). */
  currency?: string;
  orderId: string;
  at?: Date;
}

/**
 * Funds the user's wallet (created when missing) inside the caller's transaction: one `funding`
 * row carrying the order id; the database moves the balance with it (migration 0003's trigger).
 * Answers the new balance in minor units.
 */
export async function creditWallet(tx: Executor, credit: WalletCredit): Promise<{ balance: number; currency: string }> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ userId: credit.userId, currency: credit.currency ?? 'GBP' })
    .onConflictDoUpdate({ target: wallets.userId, set: { updatedAt: sql`${wallets.updatedAt}` } })
    .returning({ id: wallets.id, currency: wallets.currency });
  if (!wallet) throw new Error('upserting a wallet returned no row');
  if (credit.currency && credit.currency !== wallet.currency) {
    throw new AppError('BUSINESS_RULE', WALLET_CURRENCY_MISMATCH_MESSAGE);
  }
  await tx.insert(walletTransactions).values({
    walletId: wallet.id,
    type: 'funding',
    amount: credit.amount,
    currency: wallet.currency,
    orderIds: [credit.orderId],
    ...(credit.at ? { createdAt: credit.at } : {}),
  });
  const [after] = await tx.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, wallet.id));
  return { balance: after?.balance ?? 0, currency: wallet.currency };
}

/** The user's wallet, created (GBP, balance 0) when missing; safe under concurrent calls. */
export async function ensureWallet(db: Executor, userId: string, currency = 'GBP'): Promise<{ id: string }> {
  const [wallet] = await db
    .insert(wallets)
    .values({ userId, currency })
    .onConflictDoUpdate({ target: wallets.userId, set: { updatedAt: sql`${wallets.updatedAt}` } })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('upserting a wallet returned no row');
  return wallet;
}

export interface CardPurchase {
  userId: string;
  checkoutSessionId: string;
  /** Minor units charged to the card. */
  amount: number;
  currency: string;
  orderIds: readonly string[];
  at: Date;
}

/**
 * Records a card purchase in the wallet's history (docs/product/wallet-and-credit.md#ledger): shown with a plus,
 * it does not change the credit balance. One row per checkout session, whoever calls twice. One
 * statement: the wallet is created (or locked, if it exists) and the row added together.
 */
export async function recordCardPurchase(db: Executor, purchase: CardPurchase): Promise<void> {
  const orderIds =
    purchase.orderIds.length > 0
      ? sql`array[${sql.join(
          purchase.orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`
      : sql`'{}'::uuid[]`;
  await db.execute(sql`
    with wallet as (
      insert into ${wallets} (user_id, currency) values (${purchase.userId}, 'GBP')
      on conflict (user_id) do update set updated_at = ${wallets.updatedAt}
      returning id
    )
    insert into ${walletTransactions} (wallet_id, type, amount, currency, order_ids, checkout_session_id, created_at)
    select id, 'purchase', ${purchase.amount}, ${purchase.currency}, ${orderIds}, ${purchase.checkoutSessionId},
      ${purchase.at.toISOString()}::timestamptz
    from wallet
    on conflict (checkout_session_id, type) do nothing`);
}

export interface CreditHold {
  userId: string;
  checkoutSessionId: string;
  /** Minor units, positive. */
  amount: number;
  /** The checkout's currency; the wallet must hold the same. */
  currency: string;
  at: Date;
}

/**
 * Holds UGM Credit for a checkout session inside the caller's transaction (decision 026): one
 * `withdrawal` row for the session, which the database takes from the balance at once (migration
 * 0003's trigger, under the wallet row's lock). The balance's CHECK refuses an overdraft, so of
 * many checkouts spending the same credit at once only those it covers succeed; the others get
 * 422 and, the caller's transaction being rolled back, leave nothing behind.
 */
export async function holdCredit(tx: Executor, hold: CreditHold): Promise<void> {
  const [wallet] = await tx
    .select({ id: wallets.id, currency: wallets.currency })
    .from(wallets)
    .where(eq(wallets.userId, hold.userId));
  if (!wallet) throw new AppError('BUSINESS_RULE', CREDIT_BALANCE_TOO_LOW_MESSAGE);
  if (wallet.currency !== hold.currency) {
    throw new AppError('BUSINESS_RULE', creditCurrencyMessage(wallet.currency, hold.currency));
  }
  try {
    await tx.insert(walletTransactions).values({
      walletId: wallet.id,
      type: 'withdrawal',
      amount: hold.amount,
      currency: wallet.currency,
      checkoutSessionId: hold.checkoutSessionId,
      createdAt: hold.at,
    });
  } catch (error) {
    if (violatedCheckConstraint(error) === 'wallets_balance_not_negative') {
      throw new AppError('BUSINESS_RULE', CREDIT_BALANCE_TOO_LOW_MESSAGE);
    }
    throw error;
  }
}

/**
 * Gives a failed or expired session's held credit back, inside the caller's transaction: one
 * `funding` row of the hold's amount for the session (at most one: UNIQUE(session, type)). Does
 * nothing for a session that holds no credit or was already released.
 */
export async function releaseCreditHold(tx: Executor, checkoutSessionId: string, at: Date): Promise<void> {
  await tx.execute(sql`
    insert into ${walletTransactions} (wallet_id, type, amount, currency, order_ids, checkout_session_id, created_at)
    select wallet_id, 'funding', amount, currency, order_ids, checkout_session_id, ${at.toISOString()}::timestamptz
    from ${walletTransactions}
    where checkout_session_id = ${checkoutSessionId} and type = 'withdrawal'
    on conflict (checkout_session_id, type) do nothing`);
}

/** Thrown when a session paid after its hold was released can no longer take its credit back. */
export class CreditSpentElsewhereError extends Error {
  constructor(readonly checkoutSessionId: string) {
    super(`the UGM Credit released from checkout session ${checkoutSessionId} has been spent since`);
    this.name = 'CreditSpentElsewhereError';
  }
}

/**
 * Spends a paid session's held credit, inside the fulfilling transaction: the withdrawal now names
 * the orders it paid for (the wallet history shows them). A hold released earlier (the session
 * had failed or expired before the provider reported it paid) is taken back by removing the
 * release; if the credit has been spent since, the balance's CHECK refuses and
 * CreditSpentElsewhereError is thrown, so the caller's transaction issues nothing.
 */
export async function spendHeldCredit(
  tx: Executor,
  checkoutSessionId: string,
  orderIds: readonly string[],
): Promise<void> {
  try {
    await tx
      .delete(walletTransactions)
      .where(and(eq(walletTransactions.checkoutSessionId, checkoutSessionId), eq(walletTransactions.type, 'funding')));
  } catch (error) {
    if (violatedCheckConstraint(error) === 'wallets_balance_not_negative') {
      throw new CreditSpentElsewhereError(checkoutSessionId);
    }
    throw error;
  }
  await tx
    .update(walletTransactions)
    .set({ orderIds: [...orderIds] })
    .where(and(eq(walletTransactions.checkoutSessionId, checkoutSessionId), eq(walletTransactions.type, 'withdrawal')));
}
