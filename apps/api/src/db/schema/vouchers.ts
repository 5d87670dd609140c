import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { checkoutSessions } from './checkout';
import { users } from './users';

/**
 * An order is one voucher (decision 019): quantity 3 makes 3 rows. UNIQUE
 * (checkout_session_id, unit_index) is the second line of the exactly-once defence. A gift order
 * has no owner until its recipient claims it. Code, PIN and the card's URL are AES-256-GCM
 * ciphertexts (base64url of iv, tag, ciphertext); the plaintext is never stored. They are bought
 * from the supplier when the holder activates the voucher (decision 068): until then a voucher is
 * stored value and has none. An exchange's replacement has no checkout session of its own: it
 * names the voucher it replaces.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The checkout that paid for it; null for a replacement issued by an exchange (see replacesOrderId). */
    checkoutSessionId: uuid('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    unitIndex: integer('unit_index').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productCode: text('product_code').notNull(),
    merchantName: text('merchant_name').notNull(),
    /** Minor units (pence). */
    value: integer('value').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('active'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    swapped: boolean('swapped').notNull().default(false),
    deactivated: boolean('deactivated').notNull().default(false),
    /** Null until the supplier issued the card (or for a card that is only a URL). */
    codeCiphertext: text('code_ciphertext'),
    pinCiphertext: text('pin_ciphertext'),
    /** The card's own page, when the supplier gives one (some brands give only that). */
    codeUrlCiphertext: text('code_url_ciphertext'),
    /**
     * Who issued the code ('simulator', 'tillo'), and its reference there; null for a code made
     * here before codes came from a supplier, or while there is none.
     */
    supplier: text('supplier'),
    supplierReference: text('supplier_reference'),
    /**
     * When the holder asked for the code, while that request is outstanding (being issued or
     * retried): set and cleared on this row, so that an exchange, a conversion or a refund, each
     * one conditional UPDATE of this row, sees it in its own WHERE (decision 068).
     */
    codeRequestedAt: timestamp('code_requested_at', { withTimezone: true }),
    /**
     * The code's last four characters, all an operator may see of it and what the console's
     * search finds a voucher by (decision 048). Null only for a voucher issued before migration
     * 0012 until the start-up backfill has read its sealed code.
     */
    codeLast4: text('code_last4'),
    /**
     * The voucher an exchange replaced (unique: a voucher is replaced at most once, the
     * exactly-once guard of a swap).
     */
    replacesOrderId: uuid('replaces_order_id')
      .unique('orders_replaces_order')
      .references((): AnyPgColumn => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_origin', sql`(${table.checkoutSessionId} is null) = (${table.replacesOrderId} is not null)`),
    unique('orders_session_unit').on(table.checkoutSessionId, table.unitIndex),
    index('orders_owner').on(table.ownerId, table.createdAt),
    index('orders_buyer').on(table.buyerId, table.createdAt),
    index('orders_code_last4').on(table.codeLast4),
    check('orders_value', sql`${table.value} > 0`),
    check('orders_unit_index', sql`${table.unitIndex} >= 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export const codeRequestStates = ['pending', 'issued', 'no-float', 'failed', 'cancelled'] as const;
export type CodeRequestState = (typeof codeRequestStates)[number];

/**
 * A voucher's code bought from the supplier (decision 068): one row per voucher, whose id is the
 * supplier's idempotency key (Tillo's `client_request_id`), so one voucher is one card whatever
 * is retried. `pending` is due at `next_attempt_at`; an attempt holds it by a lease
 * (`claimed_by`, `claimed_until`) taken with one conditional UPDATE, so one request at a time goes
 * to the supplier, and a process that dies holding it loses it when the lease runs out.
 * `attempts` counts claims, so an attempt that outlived its lease cannot settle over the next.
 * `no-float` and `failed` end an attempt without a card: the first when the supplier's float
 * cannot pay for it (the holder may ask again), the second for good (an operator may retry).
 * `cancelled`: the voucher was exchanged, converted, refunded or voided before a card came.
 */
export const voucherCodeRequests = pgTable(
  'voucher_code_requests',
  {
    voucherId: uuid('voucher_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    /** The supplier's brand slug and the face value asked for (minor units). */
    brand: text('brand').notNull(),
    faceValue: integer('face_value').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<CodeRequestState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The supplier's error code ('610', '433', 'timeout') and message of the last failed attempt. */
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    /** When the holder first asked; the till page's 'taking longer' is counted from it. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (table) => [
    index('voucher_code_requests_due').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    index('voucher_code_requests_state').on(table.state, table.requestedAt),
    check(
      'voucher_code_requests_state',
      sql`${table.state} in ('pending', 'issued', 'no-float', 'failed', 'cancelled')`,
    ),
    check('voucher_code_requests_face_value', sql`${table.faceValue} > 0`),
  ],
);

export type VoucherCodeRequestRow = typeof voucherCodeRequests.$inferSelect;

/**
 * When an alert about the supplier was last e-mailed to operations, by kind ('float'): at most one
 * an hour, decided by one conditional upsert, whichever instance notices first.
 */
export const supplierAlerts = pgTable('supplier_alerts', {
  kind: text('kind').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});
