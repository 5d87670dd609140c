import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { orders } from './vouchers';

/**
 * A voucher in a phone's wallet (decision 071): one pass per voucher and holder, whose serial
 * number (128 random bits) names it at Apple and Google. Its authentication token is derived from
 * the serial with the app's secret, never stored. `fingerprint` is what the pass last showed of
 * its voucher (state, holder, sealed code): when the voucher's differs, the pass is updated
 * (`updated_at` is Apple's update tag) and its devices told. `ended_at`: the pass says 'No longer
 * valid' for good (refunded, voided, exchanged, converted, or no longer the holder's).
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    serial: text('serial').primaryKey(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the holder first took the 'Save to Google Wallet' link: only then is there an object to update. */
    googleLinkedAt: timestamp('google_linked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_passes_voucher_holder').on(table.voucherId, table.holderId),
    index('wallet_passes_live').on(table.serial).where(sql`${table.endedAt} is null`),
  ],
);
export type WalletPassRow = typeof walletPasses.$inferSelect;

/** A device that asked Apple's web service for a pass's updates, with its APNs push token. */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    deviceId: text('device_id').notNull(),
    serial: text('serial')
      .notNull()
      .references(() => walletPasses.serial, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.serial] }),
    index('wallet_pass_registrations_serial').on(table.serial),
  ],
);

export const walletPlatforms = ['apple', 'google'] as const;
export type WalletPlatform = (typeof walletPlatforms)[number];

/** Every download of a pass (Apple) or save link taken (Google): the console's timeline; never the code. */
export const walletPassDownloads = pgTable(
  'wallet_pass_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serial: text('serial')
      .notNull()
      .references(() => walletPasses.serial, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id').notNull(),
    platform: text('platform').$type<WalletPlatform>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('wallet_pass_downloads_voucher').on(table.voucherId, table.at),
    check('wallet_pass_downloads_platform', sql`${table.platform} in ('apple', 'google')`),
  ],
);

/**
 * A pass's update to be told to the outside world, kept until done (the mail outbox's way): an
 * APNs push to one device's token, or the Google Wallet object written again. Written in the
 * transaction that records the pass's change; sent by a worker after it commits, one claim at a
 * time (`claimed_until`), retried with backoff.
 */
export const walletPassPushes = pgTable(
  'wallet_pass_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform').$type<WalletPlatform>().notNull(),
    serial: text('serial')
      .notNull()
      .references(() => walletPasses.serial, { onDelete: 'cascade' }),
    /** APNs only: the device's push token. */
    pushToken: text('push_token'),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_pass_pushes_due').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    check('wallet_pass_pushes_platform', sql`${table.platform} in ('apple', 'google')`),
    check('wallet_pass_pushes_state', sql`${table.state} in ('pending', 'done', 'failed')`),
  ],
);
