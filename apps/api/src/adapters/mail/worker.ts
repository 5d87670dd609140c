import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { GroupCommit } from '../../lib/group-commit';
import { REQUEST_ID_LOG_FIELD } from '../../lib/request-context';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  /** How often the outbox is checked for due messages when nothing nudges the worker. */
  pollIntervalMs: number;
  /** Wait before retry n (1-based) is retry n's entry; the last entry repeats. */
  retryDelaysMs: readonly number[];
  /** After this many failed attempts a message is marked failed and no longer tried. */
  maxAttempts: number;
  /** A message claimed longer ago than this is assumed lost to a crash and is claimed again. */
  sendingTimeoutMs: number;
  /** Messages claimed per round. */
  batchSize: number;
  /**
   * Messages of a round sent at once: one SMTP exchange waits on the network most of its time, and
   * the transport keeps a connection per message in flight (smtp-transport.ts).
   */
  concurrency: number;
}

const second = 1000;
const minute = 60 * second;

export const defaultMailWorkerOptions: MailWorkerOptions = {
  pollIntervalMs: 500,
  retryDelaysMs: [5 * second, 15 * second, minute, 5 * minute, 15 * minute, 60 * minute],
  maxAttempts: 10,
  // Longer than the SMTP transport's connection, greeting and socket timeouts put together.
  sendingTimeoutMs: 2 * minute,
  batchSize: 10,
  concurrency: 5,
};

type OutboxRow = typeof mailOutbox.$inferSelect;

/** An interval in milliseconds as a Postgres expression added to the database's clock. */
const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Delivers the outbox: claims due messages with one atomic UPDATE (FOR UPDATE SKIP LOCKED, so
 * several API instances never claim the same row), sends each outside any transaction, then
 * marks it sent or schedules a retry with backoff. Delivery is at least once: a crash between
 * sending and marking sent means the message goes again after `sendingTimeoutMs`.
 * All times come from the database's clock, so instances with skewed clocks agree.
 */
export class MailWorker {
  private readonly options: MailWorkerOptions;
  private queue: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | undefined;
  private stopped = false;
  private wokenDuringRound = false;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  /**
   * Messages just sent, marked sent together (group commit, decision 062): one statement for the
   * messages whose sending ended at about the same moment, not one each.
   */
  private readonly sent = new GroupCommit<OutboxRow, void>(async (rows) => {
    const claims = rows.map((row) => ({ id: row.id, attempts: row.attempts }));
    await this.db.execute(sql`update ${mailOutbox} m set status = 'sent', sent_at = now(), last_error = null
      from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as r(id uuid, attempts integer)
      where m.id = r.id and m.status = 'sending' and m.attempts = r.attempts`);
    return rows.map(() => undefined);
  });

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...defaultMailWorkerOptions, ...options };
  }

  /** Starts polling in the background; `stop` ends it. */
  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  /** Checks the outbox now instead of at the next poll (called after a message is queued). */
  wake(): void {
    this.wokenDuringRound = true;
    const sleeper = this.sleeper;
    if (!sleeper) return;
    this.sleeper = undefined;
    clearTimeout(sleeper.timer);
    sleeper.resolve();
  }

  /** Delivers every message that is due now, and resolves when none is left (tests use this). */
  async drain(): Promise<void> {
    while ((await this.deliverDue()) > 0) {
      // Another round: more messages may have been due than one batch holds.
    }
  }

  /** Stops polling and waits for the round in progress; no query runs after this resolves. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await this.queue;
    await this.transport.close();
  }

  /** One round: claims up to a batch of due messages and settles each; answers how many. */
  deliverDue(): Promise<number> {
    const round = this.queue.then(() => (this.stopped ? 0 : this.deliverBatch()));
    this.queue = round.catch(() => undefined);
    return round;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.wokenDuringRound = false;
      let delivered = 0;
      try {
        delivered = await this.deliverDue();
      } catch (error) {
        // The database may be briefly unreachable; the worker must outlive that and poll again.
        this.log.error({ err: error }, 'mail worker: could not read the outbox');
      }
      if (this.stopped) return;
      if (delivered === 0 && !this.wokenDuringRound) await this.sleep(this.options.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeper = undefined;
        resolve();
      }, ms);
      // An idle worker never keeps the process alive on its own.
      timer.unref();
      this.sleeper = { timer, resolve };
    });
  }

  private async deliverBatch(): Promise<number> {
    const claimed = await this.claim();
    const waiting = [...claimed];
    // A few senders take the round's messages in turn; each message is settled on its own.
    const sender = async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        if (this.stopped) {
          // Shutting down: the messages not yet started go back to the outbox for another worker
          // now, rather than after their claim runs out (decision 055).
          await this.release([row, ...waiting.splice(0)]);
          return;
        }
        await this.deliver(row);
      }
    };
    // Every sender ends before the round does, even when one fails (the database gone away).
    const ended = await Promise.allSettled(
      Array.from({ length: Math.min(this.options.concurrency, claimed.length) }, sender),
    );
    const failure = ended.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return claimed.length;
  }

  /** Gives claimed messages back unattempted: pending, due now, the claim's attempt not counted. */
  private async release(rows: readonly OutboxRow[]): Promise<void> {
    for (const row of rows) {
      await this.settle(row, { status: 'pending', attempts: row.attempts - 1, nextAttemptAt: sql`now()` });
    }
  }

  private claim(): Promise<OutboxRow[]> {
    const { batchSize, sendingTimeoutMs } = this.options;
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['pending', 'sending']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    // While 'sending', next_attempt_at is the claim's deadline; past it the row is claimable again.
    return this.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: fromNow(sendingTimeoutMs) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { maxAttempts } = this.options;
    if (row.attempts > maxAttempts) {
      // Only a row whose last attempt was cut off by a crash gets here; it has had its tries.
      await this.settle(row, { status: 'failed', lastError: row.lastError ?? 'delivery was interrupted' });
      this.log.error({ ...traceOf(row), to: row.to }, 'mail worker: gave up on an e-mail');
      return;
    }
    try {
      await this.transport.send({
        from: this.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        replyTo: row.replyTo ?? undefined,
        messageId: messageIdOf(row.id, this.from),
      });
    } catch (error) {
      await this.recordFailure(row, error instanceof Error ? error.message : String(error));
      return;
    }
    // Unless its claim expired meanwhile and another round took it over, as `settle`.
    await this.sent.submit(row);
    this.log.info({ ...traceOf(row), attempts: row.attempts }, 'mail worker: sent an e-mail');
  }

  private async recordFailure(row: OutboxRow, reason: string): Promise<void> {
    const { maxAttempts, retryDelaysMs } = this.options;
    const lastError = reason.slice(0, 1000);
    if (row.attempts >= maxAttempts) {
      await this.settle(row, { status: 'failed', lastError });
      this.log.error(
        { ...traceOf(row), to: row.to, attempts: row.attempts, reason },
        'mail worker: gave up on an e-mail',
      );
      return;
    }
    const delay = retryDelaysMs[Math.min(row.attempts, retryDelaysMs.length) - 1] ?? 0;
    await this.settle(row, { status: 'pending', nextAttemptAt: fromNow(delay), lastError });
    this.log.warn(
      { ...traceOf(row), to: row.to, attempts: row.attempts, retryInMs: delay, reason },
      'mail worker: sending failed, will retry',
    );
  }

  /** Settles a claimed row, unless its claim expired meanwhile and another round took it over. */
  private async settle(row: OutboxRow, values: PgUpdateSetSource<typeof mailOutbox>): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set(values)
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts)));
  }
}

/** What a log line about a message names it by: its id, and the request that queued it (decision 061). */
function traceOf(row: OutboxRow): Record<string, string> {
  return row.requestId ? { mailId: row.id, [REQUEST_ID_LOG_FIELD]: row.requestId } : { mailId: row.id };
}

/** `<outbox-id@sender's domain>`: one id per queued e-mail, the same on every attempt. */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${outboxId}@${domain}>`;
}
