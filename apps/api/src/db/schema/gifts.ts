import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './vouchers';

export const giftTransferActions = ['pending', 'claimed'] as const;
export type GiftTransferAction = (typeof giftTransferActions)[number];

/**
 * A gift order's way to its recipient: sent by e-mail with a single-use claim link whose token
 * (256 random bits) is looked up by its SHA-256 and kept sealed (AES-256-GCM, like voucher codes)
 * only so the same link can be e-mailed again (a scheduled send, a resend, a reminder). The gift
 * e-mail is due at `send_at` (a chosen day at 09:00 UK time) and `emailed_at` is set by
 * the one transaction that queues it: the durable schedule, claimed with FOR UPDATE SKIP LOCKED
 * (decision 025). `reminded_at` likewise guards the one 30-day reminder.
 */
export const giftTransfers = pgTable(
  'gift_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    latestAction: text('latest_action').$type<GiftTransferAction>().notNull().default('pending'),
    claimTokenHash: text('claim_token_hash').notNull().unique(),
    /** The claim token sealed with the voucher key; null for gifts sent before tokens were kept sealed. */
    claimTokenCiphertext: text('claim_token_ciphertext'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the gift e-mail is due (purchase time, or 09:00 Europe/London on the chosen day). */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the gift e-mail was queued; null while it is scheduled. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** When the one 30-day reminder was queued. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [
    index('gift_transfers_sender').on(table.senderId, table.sentAt),
    index('gift_transfers_recipient_email').on(table.recipientEmail),
    check('gift_transfers_latest_action', sql`${table.latestAction} in ('pending', 'claimed')`),
    index('gift_transfers_due').on(table.sendAt).where(sql`${table.emailedAt} is null`),
    index('gift_transfers_remind')
      .on(table.emailedAt)
      .where(sql`${table.latestAction} = 'pending' and ${table.remindedAt} is null`),
  ],
);

export const giftEventKinds = ['scheduled', 'sent', 'rescheduled', 'recipient_changed', 'resent', 'reminded'] as const;
export type GiftEventKind = (typeof giftEventKinds)[number];

/** What a gift event records besides its kind and time (the history on the sender's Sent card). */
export interface GiftEventDetail {
  /** The address the e-mail went to, or the recipient after a change. */
  name?: string;
  email?: string;
  /** The recipient before a change. */
  previousName?: string;
  previousEmail?: string;
  /** The day (YYYY-MM-DD, UK) the gift e-mail is due, for scheduled and rescheduled. */
  sendOn?: string;
}

/** Every change to a gift's delivery, with its time: the gift's history (decision 025). */
export const giftEvents = pgTable(
  'gift_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => giftTransfers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GiftEventKind>().notNull(),
    detail: jsonb('detail').$type<GiftEventDetail>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_events_transfer').on(table.transferId, table.at),
    check(
      'gift_events_kind',
      sql`${table.kind} in ('scheduled', 'sent', 'rescheduled', 'recipient_changed', 'resent', 'reminded')`,
    ),
  ],
);

export type GiftTransferRow = typeof giftTransfers.$inferSelect;
export type GiftEventRow = typeof giftEvents.$inferSelect;
