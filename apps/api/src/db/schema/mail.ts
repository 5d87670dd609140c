import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable e-mail queue (outbox). A message is written in the same transaction as the state
 * change that causes it, and a worker delivers it with retries and backoff, so a mail server
 * outage loses nothing and a restart resumes where it left off. Delivered rows stay, which is
 * also what the dev mailbox reads.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** pending, sending, sent or failed (gave up after the last retry). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The request that queued it (its `x-request-id`), which the worker's log lines carry on (decision 061). */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_due').on(table.status, table.nextAttemptAt), index('mail_outbox_to').on(table.to)],
);
