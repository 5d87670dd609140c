import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const checkoutSessionStatuses = ['open', 'processing', 'paid', 'failed', 'expired'] as const;
export type CheckoutSessionStatus = (typeof checkoutSessionStatuses)[number];

/**
 * One attempt to pay for a cart (decision 017). Created before the browser goes to the provider's
 * payment page, with the cart repriced from the catalogue and frozen in `items`. `fulfilled_at`
 * is set by the one transaction that issues its orders: the exactly-once guard (decision 017).
 * The poll key travels in the result page's URL, so only its SHA-256 is kept.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The payment's one public identifier (docs/product/buying.md#payment-result-screen): the
     * receipt, the payment result screen and the console all show it, and the console's search
     * finds it. 'UGM-' and 10 random hex digits, upper case, drawn by the database for every row.
     */
    orderReference: text('order_reference')
      .notNull()
      .unique()
      .default(sql`('UGM-' || upper(substr(md5(gen_random_uuid()::text), 1, 10)))`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Null only between our insert and the provider's answer. */
    providerSessionId: text('provider_session_id').unique(),
    pollKeyHash: text('poll_key_hash').notNull().unique(),
    status: text('status').$type<CheckoutSessionStatus>().notNull().default('open'),
    /** The total in minor units (pence), the sum of the snapshot's lines. */
    amount: integer('amount').notNull(),
    /**
     * Minor units of the total paid with UGM Credit (decision 026): held from
     * the wallet when the session is created, released if it fails or expires. The card pays
     * `amount - credit_amount`; a session paid wholly by credit has no provider session.
     */
    creditAmount: integer('credit_amount').notNull().default(0),
    currency: text('currency').notNull(),
    /**
     * Minor units refunded of this checkout, wherever the money went, and of those what went (or
     * is on its way) back to the card. The console's refunds move them in the transaction that
     * records a refund (decision 063); the CHECKs below make 'never more than was paid' a fact of
     * the database, whatever the code above it does.
     */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    cardRefundedAmount: bigint('card_refunded_amount', { mode: 'number' }).notNull().default(0),
    /** The priced lines and their gift recipients (CheckoutSnapshot in modules/checkout). */
    items: jsonb('items').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checkout_sessions_user_created').on(table.userId, table.createdAt),
    check('checkout_sessions_status', sql`${table.status} in ('open', 'processing', 'paid', 'failed', 'expired')`),
    check('checkout_sessions_amount', sql`${table.amount} > 0`),
    check('checkout_sessions_credit', sql`${table.creditAmount} >= 0 and ${table.creditAmount} <= ${table.amount}`),
    check(
      'checkout_sessions_refunded',
      sql`${table.cardRefundedAmount} >= 0 and ${table.cardRefundedAmount} <= ${table.refundedAmount} and ${table.refundedAmount} <= ${table.amount}`,
    ),
    check(
      'checkout_sessions_card_refunded',
      sql`${table.cardRefundedAmount} <= ${table.amount} - ${table.creditAmount}`,
    ),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
