import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The payment simulator's own tables (decision 016, moved out of process memory by decision 056).
 * The simulator stands for a third party, so these belong to it (adapters/payments/simulator, and
 * only its store.ts touches them): they know nothing of checkout's tables, only what
 * `createHostedSession` was told. In the database, any instance serves `/pay/<id>`, a restart
 * loses no pending payment, and a webhook's retries survive the process that queued them.
 */
export const simulatorSessionStates = ['open', 'processing', 'paid', 'failed', 'expired'] as const;

/** One hosted payment page: the lines and URLs it was opened with, and where the payment stands. */
export const simulatorSessions = pgTable(
  'payment_simulator_sessions',
  {
    /** `sim_` and 24 random base64url characters: the page's address, so unguessable. */
    id: text('id').primaryKey(),
    /** The idempotency key: asking twice for one checkout session opens one page. */
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `HostedSessionLine[]`: what the page lists. */
    lines: jsonb('lines').notNull(),
    successUrl: text('success_url').notNull(),
    pendingUrl: text('pending_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** open until a card is taken; `expired` is read from `expires_at`, never written. */
    state: text('state').$type<(typeof simulatorSessionStates)[number]>().notNull().default('open'),
    /** An asynchronous test card: when the processing payment settles, and how. */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    settlesTo: text('settles_to').$type<'paid' | 'failed'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_simulator_sessions_settling').on(table.settlesAt).where(sql`${table.settlesAt} is not null`),
    check('payment_simulator_sessions_state', sql`${table.state} in ('open', 'processing', 'paid', 'failed')`),
  ],
);

/**
 * One webhook event and its delivery: written in the transaction that changes the session, then
 * delivered until the app answers 2xx. A delivery is claimed with FOR UPDATE SKIP LOCKED and held
 * by a lease (`lease_expires_at`): a process that dies holding it loses it when the lease runs
 * out, and another instance delivers it. `attempts` counts claims, so a claim that outlived its
 * lease cannot record its outcome over the new one's.
 */
export const simulatorWebhooks = pgTable(
  'payment_simulator_webhooks',
  {
    /** `evt_<uuid>`: the event's id, also inside the body. */
    eventId: text('event_id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => simulatorSessions.id, { onDelete: 'cascade' }),
    /** The JSON body exactly as sent; each attempt signs it afresh. */
    body: text('body').notNull(),
    /** pending (to deliver), delivered, or failed (given up after the last retry). */
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Set while an instance holds the delivery; past it the delivery may be claimed again. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * The request that caused the event (the card form's), sent with every delivery as
     * `x-request-id`, so the webhook's handling logs under it (decision 061); none for a payment
     * that settled later by itself.
     */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_simulator_webhooks_due').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('payment_simulator_webhooks_session').on(table.sessionId),
    check('payment_simulator_webhooks_status', sql`${table.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Refunds the simulator recorded, once per idempotency key, as a provider's dashboard lists them. */
export const simulatorRefunds = pgTable('payment_simulator_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  providerSessionId: text('provider_session_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SimulatorSessionRow = typeof simulatorSessions.$inferSelect;
export type SimulatorWebhookRow = typeof simulatorWebhooks.$inferSelect;
