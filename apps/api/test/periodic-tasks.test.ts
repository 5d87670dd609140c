import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodicTasks } from '../src/db/schema';
import { type PeriodicTask, PeriodicTaskRunner } from '../src/jobs/periodic-tasks';
import { createTestClock, minutes } from './support/app';
import { openSharedDatabase, type SharedDatabase } from './support/shared-database';

/**
 * Periodic tasks on several workers (decision 055): each tick runs on one worker, and a tick whose
 * worker died mid-run (its lease passed, never finished) is run by another. On PostgreSQL the two
 * runners have a connection pool each, as two worker processes would.
 */
let shared: SharedDatabase;
const clock = createTestClock(new Date('2026-11-27T12:00:00Z'));
const log = pino({ enabled: false });

beforeAll(async () => {
  shared = await openSharedDatabase();
});
afterAll(async () => {
  await shared.close();
});
beforeEach(async () => {
  await shared.first.db.delete(periodicTasks);
});

function countingTask(name: string, runs: string[], worker: string, work: () => Promise<void> = async () => {}) {
  return {
    name,
    everyMs: minutes(1),
    leaseMs: minutes(5),
    run: async () => {
      runs.push(worker);
      await work();
    },
  } satisfies PeriodicTask;
}

function runnerOn(database: SharedDatabase['first'], workerId: string, tasks: PeriodicTask[]) {
  return new PeriodicTaskRunner(database.db, tasks, { workerId, clock: clock.now, log });
}

describe('periodic tasks on two workers', () => {
  it('runs each tick once however often both workers look, and the next tick once its time comes', async () => {
    const runs: string[] = [];
    const one = runnerOn(shared.first, 'worker-one', [countingTask('tick-count', runs, 'one')]);
    const two = runnerOn(shared.second, 'worker-two', [countingTask('tick-count', runs, 'two')]);

    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? one : two).runDue()));
    expect(runs).toHaveLength(1);

    clock.advance(minutes(1) - 1);
    await Promise.all([one.runDue(), two.runDue()]);
    expect(runs).toHaveLength(1);

    clock.advance(1);
    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? one : two).runDue()));
    expect(runs).toHaveLength(2);
    const [row] = await shared.first.db.select().from(periodicTasks).where(eq(periodicTasks.name, 'tick-count'));
    expect(row).toMatchObject({ runs: 2, claimedBy: null, claimedUntil: null, lastError: null });
    expect(row?.nextRunAt.getTime()).toBe(clock.now().getTime() + minutes(1));
  });

  it('leaves a running tick to its worker, and gives it to another once the lease has passed', async () => {
    const runs: string[] = [];
    let finishFirst: () => void = () => {};
    const firstRunHangs = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const dying = runnerOn(shared.first, 'worker-dying', [countingTask('lease', runs, 'dying', () => firstRunHangs)]);
    const healthy = runnerOn(shared.second, 'worker-healthy', [countingTask('lease', runs, 'healthy')]);

    const stuckRound = dying.runDue();
    await vi.waitFor(() => expect(runs).toEqual(['dying']));
    expect(await healthy.runDue()).toEqual([]);

    clock.advance(minutes(5) - 1);
    expect(await healthy.runDue()).toEqual([]);
    clock.advance(1);
    expect(await healthy.runDue()).toEqual(['lease']);
    expect(runs).toEqual(['dying', 'healthy']);
    const afterTakeover = clock.now().getTime();

    // The first worker comes back to life and finishes: the schedule the second one set stands.
    clock.advance(minutes(2));
    finishFirst();
    expect(await stuckRound).toEqual(['lease']);
    const [row] = await shared.first.db.select().from(periodicTasks).where(eq(periodicTasks.name, 'lease'));
    expect(row).toMatchObject({ runs: 1, claimedBy: null });
    expect(row?.nextRunAt.getTime()).toBe(afterTakeover + minutes(1));
  });

  it('records a failed run and runs the task again at its next time', async () => {
    let attempts = 0;
    const failing: PeriodicTask = {
      name: 'failing',
      everyMs: minutes(1),
      leaseMs: minutes(5),
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the provider did not answer');
      },
    };
    const runner = runnerOn(shared.first, 'worker-one', [failing]);
    expect(await runner.runDue()).toEqual(['failing']);
    const [failed] = await shared.first.db.select().from(periodicTasks).where(eq(periodicTasks.name, 'failing'));
    expect(failed).toMatchObject({ lastError: 'the provider did not answer', claimedBy: null });

    expect(await runner.runDue()).toEqual([]);
    clock.advance(minutes(1));
    expect(await runner.runDue()).toEqual(['failing']);
    const [recovered] = await shared.first.db.select().from(periodicTasks).where(eq(periodicTasks.name, 'failing'));
    expect(recovered).toMatchObject({ lastError: null, runs: 2 });
  });

  it('runs nothing once stopped', async () => {
    const runs: string[] = [];
    const runner = runnerOn(shared.first, 'worker-one', [countingTask('stopped', runs, 'one')]);
    await runner.stop();
    expect(await runner.runDue()).toEqual([]);
    expect(runs).toEqual([]);
  });
});
