import {
  CREDIT_BALANCE_TOO_LOW_MESSAGE,
  creditCurrencyMessage,
  toMajorUnits,
  type UserWallets,
  WALLET_HISTORY_LIMIT,
  type Wallet,
  type WalletTransactionType,
  walletCurrencyForCountry,
} from '@gvm/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type WalletRow, type WalletTransactionRow, wallets, walletTransactions } from '../../db/schema/wallets';
import { type Gate, gatedRecords, type Keyed, type StatementPart } from '../../db/statement-parts';
import { violatedCheckConstraint } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';

export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found';
const walletCurrencies = new Set(['GBP', 'USD', 'EUR']);

/** The creation payload's `currency`: one of our currencies as given, else a country (GB, US, EU; default GBP). */
export function walletCurrencyOf(currencyOrCountry: string | undefined): string {
  const given = (currencyOrCountry ?? '').trim().toUpperCase();
  return walletCurrencies.has(given) ? given : walletCurrencyForCountry(given);
}

/**
 * How a movement reads in the shopper's history (decision 049): an operator's refund to credit
 * is money in, like a funding; an adjustment is a funding or a withdrawal by its sign.
 */
function shownType(type: WalletTransactionRow['type'], amount: number): WalletTransactionType {
  if (type === 'refund') return 'funding';
  if (type === 'adjustment') return amount < 0 ? 'withdrawal' : 'funding';
  return type;
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
      transactionType: shownType(row.type, row.amount),
      transactionValue: toMajorUnits(Math.abs(row.amount)),
      timestamp: row.createdAt.toISOString(),
      orderID: row.orderIds[0] ?? null,
    })),
  };
}

/** The user's wallets, the first-opened first (a GB shopper's GBP wallet, usually). */
async function walletsOf(db: Executor, userId: string): Promise<WalletRow[]> {
  return db.select().from(wallets).where(eq(wallets.userId, userId)).orderBy(asc(wallets.createdAt), asc(wallets.id));
}

/**
 * The user's wallets as the API answers them (decision 044): the wallet itself is `shown` (or the
 * first-opened one), and `wallets` lists every one, each with its last 100 movements.
 */
async function walletsView(db: Executor, rows: readonly WalletRow[], shown: WalletRow): Promise<UserWallets> {
  const views = await Promise.all(rows.map((row) => walletView(db, row)));
  const main = views[rows.indexOf(shown)] ?? (await walletView(db, shown));
  return { ...main, wallets: views };
}

/** The user's wallets, newest movements first; 404 when they have none. */
export async function getWallet(db: Executor, userId: string): Promise<UserWallets> {
  const rows = await walletsOf(db, userId);
  const [first] = rows;
  if (!first) throw notFound(WALLET_NOT_FOUND_MESSAGE);
  return walletsView(db, rows, first);
}

/**
 * Opens the user's wallet in a currency, or answers the one they have in it (one per user and
 * currency, even under concurrent calls). The answer shows that wallet, with all of theirs.
 */
export async function createWallet(
  db: Executor,
  userId: string,
  currencyOrCountry: string | undefined,
): Promise<{ wallet: UserWallets; created: boolean }> {
  const currency = walletCurrencyOf(currencyOrCountry);
  const [inserted] = await db
    .insert(wallets)
    .values({ userId, currency })
    .onConflictDoNothing({ target: [wallets.userId, wallets.currency] })
    .returning();
  const rows = await walletsOf(db, userId);
  const shown = rows.find((row) => row.currency === currency);
  if (!shown) throw new Error('the wallet just opened is not there');
  return { wallet: await walletsView(db, rows, shown), created: inserted !== undefined };
}

/** The user's wallet in `currency`, created (balance 0) when missing, inside the caller's transaction. */
async function upsertWallet(tx: Executor, userId: string, currency: string): Promise<{ id: string; currency: string }> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ userId, currency })
    .onConflictDoUpdate({ target: [wallets.userId, wallets.currency], set: { updatedAt: sql`${wallets.updatedAt}` } })
    .returning({ id: wallets.id, currency: wallets.currency });
  if (!wallet) throw new Error('upserting a wallet returned no row');
  return wallet;
}

export interface WalletCredit {
  userId: string;
  /** Minor units, positive. */
  amount: number;
  /** The credit's currency: it goes to the user's wallet in that currency (decision 044). */
  currency: string;
  orderId: string;
  at?: Date;
}

/**
 * Funds the user's wallet in the credit's currency (created when missing) inside the caller's
 * transaction: one `funding` row carrying the order id; the database moves the balance with it
 * (migration 0003's trigger). Answers the new balance in minor units.
 */
export async function creditWallet(tx: Executor, credit: WalletCredit): Promise<{ balance: number; currency: string }> {
  const wallet = await upsertWallet(tx, credit.userId, credit.currency);
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
 * The parts of a paid checkout's statement that record each card purchase whose session the gate
 * claimed (keyed by it) in the history of the buyer's wallet in its currency
 * (docs/product/wallet-and-credit.md; decisions 057 and 062): shown with a plus, it does not
 * change the credit balance. Each wallet is created (or locked, if it exists) once, in the order
 * of its buyer and currency, and the rows added together; one row per checkout session, whoever
 * calls twice.
 */
export function recordCardPurchaseParts(gate: Gate, purchases: readonly Keyed<CardPurchase>[]): StatementPart[] {
  const rows = purchases.map(({ key, row }) => ({
    key,
    row: {
      user_id: row.userId,
      checkout_session_id: row.checkoutSessionId,
      amount: row.amount,
      currency: row.currency,
      order_ids: row.orderIds,
      at: row.at.toISOString(),
    },
  }));
  return [
    {
      name: 'card_purchases',
      body: sql`select r.* from ${gatedRecords(
        gate,
        rows,
        sql`user_id uuid, checkout_session_id uuid, amount integer, currency text, order_ids uuid[], at timestamptz`,
      )}`,
    },
    {
      name: 'purchase_wallet',
      body: sql`insert into ${wallets} (user_id, currency)
        select distinct user_id, currency from card_purchases order by user_id, currency
        on conflict (user_id, currency) do update set updated_at = ${wallets.updatedAt}
        returning id, user_id, currency`,
    },
    {
      name: 'purchase_row',
      body: sql`insert into ${walletTransactions} (wallet_id, type, amount, currency, order_ids, checkout_session_id, created_at)
        select w.id, 'purchase', p.amount, p.currency, p.order_ids, p.checkout_session_id, p.at
        from card_purchases p join purchase_wallet w on w.user_id = p.user_id and w.currency = p.currency
        on conflict (checkout_session_id, type) do nothing`,
    },
  ];
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
  const held = await tx
    .select({ id: wallets.id, currency: wallets.currency, balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, hold.userId));
  const wallet = held.find((row) => row.currency === hold.currency);
  if (!wallet) {
    // Credit in another currency cannot pay this total: say so rather than "too low".
    const elsewhere = held.find((row) => row.balance > 0);
    const message = elsewhere
      ? creditCurrencyMessage(elsewhere.currency, hold.currency)
      : CREDIT_BALANCE_TOO_LOW_MESSAGE;
    throw new AppError('BUSINESS_RULE', message);
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
