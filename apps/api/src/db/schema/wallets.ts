import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { checkoutSessions } from './checkout';
import { users } from './users';

/**
 * A user's UGM Credit (docs/product/wallet-and-credit.md#ledger): the balance is never negative and always the
 * signed sum of its funding (+) and withdrawal (−) movements. One wallet per user and currency:
 * a shopper holds one for each currency they have credit or purchases in (decision 044). Migration 0003
 * makes that a database fact: a trigger on wallet_transactions moves the balance with each row,
 * and a wallet's balance cannot be written any other way.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default('GBP'),
    /** Minor units (pence); 64-bit, so no plausible total overflows it. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallets_user_currency').on(table.userId, table.currency),
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
  ],
);

export const walletTransactionTypes = ['funding', 'withdrawal', 'purchase', 'refund', 'adjustment'] as const;
export type WalletTransactionType = (typeof walletTransactionTypes)[number];

/**
 * A wallet's history. funding and withdrawal move the balance; a purchase records what a card
 * paid (shown in the history) and does not. A refund (+) is an operator's refund of an order to
 * UGM Credit and an adjustment (+ or −, its amount signed) an operator's correction (decision 049). A checkout session has at most one row of each type:
 * its purchase, the withdrawal holding the UGM Credit it spends, and the funding that releases
 * that hold when the payment fails or expires (decision 026).
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    type: text('type').$type<WalletTransactionType>().notNull(),
    /** Minor units (pence), positive; the type gives the sign, but an adjustment's is its own. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    orderIds: uuid('order_ids').array().notNull().default(sql`'{}'::uuid[]`),
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_wallet_created').on(table.walletId, table.createdAt),
    unique('wallet_transactions_session_type').on(table.checkoutSessionId, table.type),
    check(
      'wallet_transactions_type',
      sql`${table.type} in ('funding', 'withdrawal', 'purchase', 'refund', 'adjustment')`,
    ),
    check(
      'wallet_transactions_amount',
      sql`${table.amount} > 0 or (${table.type} = 'adjustment' and ${table.amount} <> 0)`,
    ),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
