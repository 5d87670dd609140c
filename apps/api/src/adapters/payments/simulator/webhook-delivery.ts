/**
 * Delivers the simulator's webhooks as a provider would: each event until the endpoint answers
 * 2xx, retrying with growing delays, a bounded number of times. Timers are the app's to stop:
 * `close()` clears them and waits for the delivery in progress, so tests and SIGTERM exit cleanly.
 */

/** Sends one signed event to the app's webhook endpoint; answers the HTTP status. */
export type WebhookSender = (rawBody: string, signature: string) => Promise<number>;

export interface DeliveryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Delays before the second, third, … attempt (ms): six tries over about a minute. */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

export class WebhookDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly send: () => WebhookSender | undefined,
    private readonly sign: (rawBody: string) => string,
    private readonly retryDelaysMs: readonly number[],
    private readonly log: DeliveryLog | undefined,
  ) {}

  /** Queues one event; it goes out at once, then on the retry schedule until accepted. */
  deliver(rawBody: string, eventId: string): void {
    this.attempt(rawBody, eventId, 0);
  }

  /** Runs `task` after `delayMs` unless closed first (the asynchronous cards settle this way). */
  later(delayMs: number, task: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) task();
    }, delayMs);
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves when nothing is being delivered or waiting to be (tests wait for this). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      await Promise.allSettled([...this.inFlight]);
      if (this.inFlight.size === 0 && this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private attempt(rawBody: string, eventId: string, attempt: number): void {
    if (this.closed) return;
    const run = this.post(rawBody, eventId, attempt).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async post(rawBody: string, eventId: string, attempt: number): Promise<void> {
    const send = this.send();
    let outcome: string;
    try {
      if (!send) throw new Error('the simulator is not attached to an app');
      const status = await send(rawBody, this.sign(rawBody));
      if (status >= 200 && status < 300) return;
      outcome = `answered ${status}`;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    if (this.closed) return;
    const delay = this.retryDelaysMs[attempt];
    if (delay === undefined) {
      this.log?.error({ eventId, attempts: attempt + 1, outcome }, 'payment simulator gave up delivering a webhook');
      return;
    }
    this.log?.warn({ eventId, attempt: attempt + 1, outcome, retryInMs: delay }, 'payment simulator webhook failed');
    this.later(delay, () => this.attempt(rawBody, eventId, attempt + 1));
  }
}
