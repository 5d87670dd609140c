import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../app-types';
import type { Database } from '../../db/client';
import { type GiftMailDeps, remindUnclaimedGifts, sendDueGifts } from './delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues due scheduled gift e-mails and 30-day reminders; tests call `app.giftScheduler.runDue()`. */
    giftScheduler: GiftScheduler;
  }
}

/** How often the schedule is read: a 09:00 gift leaves within this of 09:00. */
export const GIFT_SCHEDULE_POLL_MS = 30_000;

/**
 * Runs the gift schedule in the background (decision 025): each round queues every due gift
 * e-mail, then every due reminder, batch by batch. The rows are the schedule, so a restart
 * resumes where it stopped and several instances share the work without doing any of it twice.
 */
export class GiftScheduler {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly deps: GiftMailDeps,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = GIFT_SCHEDULE_POLL_MS,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'gift schedule: a round failed'));
    }, this.pollMs);
    // The schedule never keeps the process alive on its own.
    this.timer.unref();
  }

  /** One round, after the one in progress: answers how many gift e-mails and reminders it queued. */
  runDue(): Promise<{ sent: number; reminded: number }> {
    const next = this.round.then(() => (this.stopped ? { sent: 0, reminded: 0 } : this.work()));
    this.round = next.catch(() => undefined);
    return next;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
  }

  private async work(): Promise<{ sent: number; reminded: number }> {
    let sent = 0;
    let reminded = 0;
    for (let batch = await sendDueGifts(this.db, this.deps); batch > 0; batch = await sendDueGifts(this.db, this.deps))
      sent += batch;
    for (
      let batch = await remindUnclaimedGifts(this.db, this.deps);
      batch > 0;
      batch = await remindUnclaimedGifts(this.db, this.deps)
    )
      reminded += batch;
    if (sent + reminded > 0) this.log.info({ sent, reminded }, 'gift schedule: e-mails queued');
    return { sent, reminded };
  }
}

/** Runs the gift schedule with the app: from ready until close (before the database closes). */
export function registerGiftScheduler(app: App): void {
  const scheduler = new GiftScheduler(app.db, giftMailDepsOf(app), app.log.child({ component: 'gift-schedule' }));
  app.decorate('giftScheduler', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}

/** The app's services as gift e-mails need them. */
export function giftMailDepsOf(app: App): GiftMailDeps {
  return {
    clock: app.clock,
    publicUrl: app.appConfig.publicUrl,
    encryptionKey: app.appConfig.voucherEncryptionKey,
  };
}
