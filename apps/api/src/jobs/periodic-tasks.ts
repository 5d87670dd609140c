import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { periodicTasks } from '../db/schema/jobs';

/** Work done every so often by one worker of however many run (decision 055). */
export interface PeriodicTask {
  /** The task's row in `periodic_tasks`; never renamed, or its schedule starts afresh. */
  name: string;
  /** Time from the end of one run to the next being due. */
  everyMs: number;
  /**
   * How long a claim holds: a run still going past it is taken to have died with its worker and
   * is started again elsewhere. Longer than a run can take; the work itself is safe to repeat.
   */
  leaseMs: number;
  run(): Promise<unknown>;
}

export interface PeriodicTaskRunnerOptions {
  /** This worker's id, written into the claims it holds. */
  workerId: string;
  /** The app's clock (tests move it by hand). */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How often due tasks are looked for; by default as often as the most frequent task runs. */
  pollMs?: number;
}

/**
 * Runs periodic tasks on a worker. Each round claims every due task's row with one UPDATE over a
 * `FOR UPDATE SKIP LOCKED` select (so two workers never claim one tick), runs it, and then sets
 * its next time, while it still holds the claim. A worker that dies mid-run leaves its claim to
 * expire (`claimed_until`), after which another worker runs the task.
 */
export class PeriodicTaskRunner {
  private readonly tasks: Map<string, PeriodicTask>;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private registered: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    tasks: readonly PeriodicTask[],
    private readonly options: PeriodicTaskRunnerOptions,
  ) {
    this.tasks = new Map(tasks.map((task) => [task.name, task]));
    this.pollMs = options.pollMs ?? Math.min(...tasks.map((task) => task.everyMs));
  }

  /** Polls for due tasks in the background until `stop`. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'periodic tasks: could not read the schedule'),
      );
    }, this.pollMs);
    // The schedule never keeps the process alive on its own.
    this.timer.unref();
  }

  /** One round, after the one in progress: runs every task that is due and free; answers their names. */
  runDue(): Promise<string[]> {
    const next = this.round.then(() => (this.stopped ? [] : this.runRound()));
    this.round = next.catch(() => undefined);
    return next;
  }

  /**
   * Stops polling and waits for the run in progress, which settles its own claim; a task due
   * later is left to the other workers.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.round;
  }

  private async runRound(): Promise<string[]> {
    // Once per runner; a failure (the database briefly away) is tried again next round.
    this.registered ??= this.register().catch((error: unknown) => {
      this.registered = undefined;
      throw error;
    });
    await this.registered;
    const ran: string[] = [];
    for (const task of this.tasks.values()) {
      if (this.stopped) break;
      if (!(await this.claim(task))) continue;
      ran.push(task.name);
      await this.runClaimed(task);
    }
    return ran;
  }

  /** A task met for the first time is due at once. */
  private async register(): Promise<void> {
    const now = this.options.clock();
    await this.db
      .insert(periodicTasks)
      .values([...this.tasks.keys()].map((name) => ({ name, nextRunAt: now })))
      .onConflictDoNothing();
  }

  /** Takes the task's current tick if it is due and nobody holds a live claim on it. */
  private async claim(task: PeriodicTask): Promise<boolean> {
    const now = this.options.clock();
    const free = this.db
      .select({ name: periodicTasks.name })
      .from(periodicTasks)
      .where(
        and(
          eq(periodicTasks.name, task.name),
          lte(periodicTasks.nextRunAt, now),
          or(isNull(periodicTasks.claimedUntil), lte(periodicTasks.claimedUntil, now)),
        ),
      )
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(periodicTasks)
      .set({
        claimedBy: this.options.workerId,
        claimedUntil: new Date(now.getTime() + task.leaseMs),
        lastStartedAt: now,
      })
      .where(eq(periodicTasks.name, sql`(${free})`))
      .returning({ name: periodicTasks.name });
    return claimed.length > 0;
  }

  private async runClaimed(task: PeriodicTask): Promise<void> {
    let lastError: string | null = null;
    try {
      await task.run();
    } catch (error) {
      lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      this.options.log.error({ err: error, task: task.name }, 'periodic task failed; it runs again at its next time');
    }
    const now = this.options.clock();
    // Only while the claim is still ours: past its lease another worker may have taken the task.
    await this.db
      .update(periodicTasks)
      .set({
        nextRunAt: new Date(now.getTime() + task.everyMs),
        claimedBy: null,
        claimedUntil: null,
        lastFinishedAt: now,
        lastError,
        runs: sql`${periodicTasks.runs} + 1`,
      })
      .where(and(eq(periodicTasks.name, task.name), eq(periodicTasks.claimedBy, this.options.workerId)));
  }
}
