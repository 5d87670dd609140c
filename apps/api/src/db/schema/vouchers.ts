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
 * has no owner until its recipient claims it. Code and PIN are AES-256-GCM ciphertexts
 * (base64url of iv, tag, ciphertext); the plaintext is never stored. An exchange's replacement
 * has no checkout session of its own: it names the voucher it replaces.
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
    codeCiphertext: text('code_ciphertext').notNull(),
    pinCiphertext: text('pin_ciphertext'),
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
