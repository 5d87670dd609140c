import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic task (the gift schedule, credit-hold releases, ...): when it is next due
 * and who holds it now (decision 055). A worker claims a due row with FOR UPDATE SKIP LOCKED and
 * a lease (`claimed_until`), so a tick runs on one worker however many run, and a worker that
 * dies mid-run leaves the task to another once the lease has passed.
 */
export const periodicTasks = pgTable('periodic_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The worker holding the task (its instance id) while a run is in progress. */
  claimedBy: text('claimed_by'),
  /** Past this the claim is void: its worker is taken to have died. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
