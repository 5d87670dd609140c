import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkoutSessions } from './checkout';
import { operators } from './ops';
import { users } from './users';

export const moneyRequestStatuses = ['pending', 'done', 'rejected'] as const;
export type MoneyRequestStatus = (typeof moneyRequestStatuses)[number];

/**
 * A refund of a checkout (docs/product/operators.md#money, decision 049). `request_id` is the
 * console's key for one press of 'Confirm refund': UNIQUE, so the same request sent 50 times
 * makes one row. `pending` waits for a second operator (above £250); `done` is set by the one
 * transaction that voids the vouchers and moves the money; a failed provider call rolls that
 * transaction back, so no row says done without the money having moved.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull().unique('refunds_request_id'),
    checkoutSessionId: uuid('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    /** The vouchers (orders) it voids. */
    voucherIds: uuid('voucher_ids').array().notNull(),
    /** Minor units (pence), positive. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    destination: text('destination', { enum: ['card', 'credit'] }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: moneyRequestStatuses }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => operators.id),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The provider's id of a card refund. */
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    index('refunds_checkout_session').on(table.checkoutSessionId),
    index('refunds_pending').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('refunds_amount', sql`${table.amount} > 0`),
    check('refunds_status', sql`${table.status} in ('pending', 'done', 'rejected')`),
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
    amount: integer('amount').notNull(),
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
    index('credit_adjustments_pending').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check('credit_adjustments_amount', sql`${table.amount} <> 0`),
    check('credit_adjustments_status', sql`${table.status} in ('pending', 'done', 'rejected')`),
    check('credit_adjustments_done', sql`(${table.status} = 'done') = (${table.doneAt} is not null)`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
export type CreditAdjustmentRow = typeof creditAdjustments.$inferSelect;
