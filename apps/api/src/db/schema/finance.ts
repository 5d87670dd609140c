import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkoutSessions } from './checkout';
import { operators } from './operators';
import { users } from './users';

export const moneyRequestStatuses = ['pending', 'done', 'rejected'] as const;
export type MoneyRequestStatus = (typeof moneyRequestStatuses)[number];
/** A refund's: an adjustment's, and `processing` (sent to the card's provider) and `failed` (refused by it). */
export const refundStatuses = ['pending', 'processing', 'done', 'rejected', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A refund of a checkout (docs/product/operators.md#money, decisions 049 and 063). `request_id` is
 * the console's key for one press of 'Confirm refund': UNIQUE, so the same request sent 50 times
 * makes one row, and it is the idempotency key the card's provider is asked with. `pending` waits
 * for a second operator; a refund to UGM Credit is `done` in the one transaction that voids its
 * vouchers and credits the wallet. A refund to the card is written `processing` in that
 * transaction (vouchers voided, the amount counted against the checkout), the provider is asked
 * after it commits, and the answer settles the row: `done`, or `failed` with the vouchers given
 * back. An answer that never came is settled later by asking the provider (`settle_after`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull().unique('refunds_request_id'),
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    /** The buyer of the checkout: the customer the four-eyes rule counts by. */
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    /** The vouchers (orders) it voids. */
    voucherIds: uuid('voucher_ids').array().notNull(),
    /** Minor units (pence), positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    destination: text('destination', { enum: ['card', 'credit'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundStatuses }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The provider's id of a card refund. */
    providerRefundId: text('provider_refund_id'),
    /** While `processing`: when the settling job may next ask the provider about it. */
    settleAfter: timestamp('settle_after', { withTimezone: true }),
    /** Times the provider was asked to make it (each with the same idempotency key). */
    providerAttempts: integer('provider_attempts').notNull().default(0),
    /** Why the provider refused it (`failed`), in its own words; never shown to the customer. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('refunds_checkout_session').on(table.checkoutSessionId),
    index('refunds_pending').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    index('refunds_processing').on(table.settleAfter).where(sql`${table.status} = 'processing'`),
    index('refunds_customer_created').on(table.customerId, table.createdAt),
    check('refunds_amount', sql`${table.amount} > 0`),
    check('refunds_status', sql`${table.status} in ('pending', 'processing', 'done', 'rejected', 'failed')`),
    check('refunds_processing', sql`(${table.status} = 'processing') = (${table.settleAfter} is not null)`),
    check('refunds_destination', sql`${table.destination} in ('card', 'credit')`),
    check('refunds_done', sql`(${table.status} = 'done') = (${table.doneAt} is not null)`),
  ],
);

/**
 * A change of a customer's UGM Credit by an operator (signed minor units, never zero), written
 * to the ledger as an `adjustment` row when done. Same request key and approval rule as refunds.
 */
export const creditAdjustments = pgTable(
  'credit_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull().unique('credit_adjustments_request_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Signed minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: moneyRequestStatuses }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('credit_adjustments_user').on(table.userId, table.createdAt),
    index('credit_adjustments_requester').on(table.requestedBy, table.userId, table.createdAt),
    index('credit_adjustments_pending').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('credit_adjustments_amount', sql`${table.amount} <> 0`),
    check('credit_adjustments_status', sql`${table.status} in ('pending', 'done', 'rejected')`),
    check('credit_adjustments_done', sql`(${table.status} = 'done') = (${table.doneAt} is not null)`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
export type CreditAdjustmentRow = typeof creditAdjustments.$inferSelect;
