import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../app-types';
import type { Database } from '../../db/client';
import type { PeriodicTask } from '../../jobs/periodic-tasks';
import { type GiftMailDeps, remindUnclaimedGifts, sendDueGifts } from './delivery';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues due scheduled gift e-mails and 30-day reminders; tests call `app.giftScheduler.runDue()`. */
    giftScheduler: GiftScheduler;
  }
}

/** How often the schedule is read: a 09:00 gift leaves within this of 09:00. */
export const GIFT_SCHEDULE_POLL_MS = 30_000;

/** A round may take this long before another worker takes it to have died and runs one itself. */
const GIFT_SCHEDULE_LEASE_MS = 5 * 60_000;

/**
 * The gift schedule (decision 025): each round queues every due gift e-mail, then every due
 * reminder, batch by batch. The rows are the schedule, so a restart resumes where it stopped and
 * several workers share the work without doing any of it twice. A worker runs the rounds as the
 * periodic task `giftScheduleTask` (decision 055).
 */
export class GiftScheduler {
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly deps: GiftMailDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One round, after the one in progress: answers how many gift e-mails and reminders it queued. */
  runDue(): Promise<{ sent: number; reminded: number }> {
    const next = this.round.then(() => (this.stopped ? { sent: 0, reminded: 0 } : this.work()));
    this.round = next.catch(() => undefined);
    return next;
  }

  async stop(): Promise<void> {
    this.stopped = true;
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

/** The app's gift schedule, stopped (its round in progress finished) when the app closes. */
export function registerGiftScheduler(app: App): GiftScheduler {
  const scheduler = new GiftScheduler(app.db, giftMailDepsOf(app), app.log.child({ component: 'gift-schedule' }));
  app.decorate('giftScheduler', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}

/** The schedule as a worker's periodic task: a round every 30 s, on one worker at a time. */
export function giftScheduleTask(scheduler: GiftScheduler): PeriodicTask {
  return {
    name: 'gift-schedule',
    everyMs: GIFT_SCHEDULE_POLL_MS,
    leaseMs: GIFT_SCHEDULE_LEASE_MS,
    run: () => scheduler.runDue(),
  };
}

/** The app's services as gift e-mails need them. */
export function giftMailDepsOf(app: App): GiftMailDeps {
  return {
    clock: app.clock,
    publicUrl: app.appConfig.publicUrl,
    encryptionKey: app.appConfig.voucherEncryptionKey,
  };
}
