import type { Database } from '../../../db/client';
import { REQUEST_ID_LOG_FIELD } from '../../../lib/request-context';
import { claimDueDeliveries, finishDelivery, type SimulatorWebhookRow, settleDue } from './store';

/**
 * Delivers the simulator's webhooks as a provider would (decisions 016 and 056): each event until
 * the endpoint answers 2xx, retrying with growing delays, a bounded number of times. The events
 * are rows, so any instance delivers them: a round settles the asynchronous payments that are
 * due, then claims due deliveries under a lease and sends them. A process that dies holding one
 * loses it when the lease runs out, and the next round anywhere sends it.
 *
 * One small unit with `start()`, `stop()` and `runDue()`: the app runs it on a timer and wakes it
 * when this instance queues an event; a worker process, or a job runner, may call `runDue()`.
 */

/**
 * Sends one signed event to the app's webhook endpoint; answers the HTTP status. `requestId`, when
 * the event has one, is the id of the request that caused it, sent on as `x-request-id` (decision 061).
 */
export type WebhookSender = (rawBody: string, signature: string, requestId?: string) => Promise<number>;

export interface DeliveryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Delays before the second, third, … attempt (ms): six tries over about a minute. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 30_000];
/** How long a claimed delivery is held: far beyond one in-process delivery (the database gives up after 12 s). */
export const DEFAULT_LEASE_MS = 60_000;
/** How often the rows are read for due work (retries, settling payments, another instance's lost claims). */
export const DEFAULT_POLL_MS = 1_000;
const BATCH = 20;

export interface WebhookRunnerOptions {
  db: Database;
  /** The app's webhook endpoint; undefined until the app attaches it (an attempt then fails and is retried). */
  sender: () => WebhookSender | undefined;
  sign: (rawBody: string) => string;
  clock: () => Date;
  retryDelaysMs?: readonly number[];
  leaseMs?: number;
  pollMs?: number;
  log?: DeliveryLog | undefined;
}

export class SimulatorWebhookRunner {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();
  /** A round is queued behind the one in progress (wakes that arrive meanwhile share it). */
  private queued: Promise<number> | undefined;
  private started = false;
  private stopped = false;
  private readonly retryDelaysMs: readonly number[];
  private readonly leaseMs: number;

  constructor(private readonly options: WebhookRunnerOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? DEFAULT_POLL_MS);
    // The deliveries never keep the process alive on their own.
    this.timer.unref();
  }

  /** Runs a round soon (this instance has just queued an event); nothing before `start()`. */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.runDue().catch((error: unknown) =>
      this.options.log?.error({ err: error }, 'payment simulator: a round failed'),
    );
  }

  /**
   * One round after the one in progress: settles due payments and delivers due events until none
   * is left. Answers how many events it sent (accepted or not).
   */
  runDue(): Promise<number> {
    this.queued ??= this.round.then(() => {
      this.queued = undefined;
      return this.stopped ? 0 : this.work();
    });
    const next = this.queued;
    this.round = next.catch(() => undefined);
    return next;
  }

  /** Stops the timer and waits for the round in progress: a delivery is finished, never cut off. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
  }

  private async work(): Promise<number> {
    const { db, clock } = this.options;
    while ((await settleDue(db, clock(), { limit: BATCH })) === BATCH) {}
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const claimed = await claimDueDeliveries(db, clock(), this.leaseMs, BATCH);
      if (claimed.length === 0) return sent;
      for (const delivery of claimed) await this.deliver(delivery);
      sent += claimed.length;
    }
  }

  private async deliver(delivery: SimulatorWebhookRow): Promise<void> {
    const { db, clock, log } = this.options;
    const outcome = await this.attempt(delivery.body, delivery.requestId ?? undefined);
    if (outcome === 'delivered') {
      await finishDelivery(db, delivery, { kind: 'delivered' }, clock());
      return;
    }
    const delay = this.retryDelaysMs[delivery.attempts - 1];
    const details = {
      eventId: delivery.eventId,
      ...(delivery.requestId ? { [REQUEST_ID_LOG_FIELD]: delivery.requestId } : {}),
      attempts: delivery.attempts,
      outcome,
    };
    if (delay === undefined) {
      await finishDelivery(db, delivery, { kind: 'failed', error: outcome }, clock());
      log?.error(details, 'payment simulator gave up delivering a webhook');
      return;
    }
    const nextAttemptAt = new Date(clock().getTime() + delay);
    await finishDelivery(db, delivery, { kind: 'retry', nextAttemptAt, error: outcome }, clock());
    log?.warn({ ...details, retryInMs: delay }, 'payment simulator webhook failed');
  }

  /** One attempt, signed afresh: 'delivered', or why not. */
  private async attempt(rawBody: string, requestId: string | undefined): Promise<string> {
    const send = this.options.sender();
    try {
      if (!send) return 'the simulator is not attached to an app';
      const status = await send(rawBody, this.options.sign(rawBody), requestId);
      return status >= 200 && status < 300 ? 'delivered' : `answered ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
