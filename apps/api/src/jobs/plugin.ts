import { randomUUID } from 'node:crypto';
import type { App } from '../app-types';
import { type PeriodicTask, PeriodicTaskRunner } from './periodic-tasks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The worker's periodic tasks; absent on a web instance (decision 055). */
    periodicTasks?: PeriodicTaskRunner;
  }
}

/**
 * Runs the periodic tasks on this instance (APP_ROLE worker or all): from ready until close,
 * before the database closes. Each tick of a task runs on one worker only (decision 055).
 */
export function registerPeriodicTasks(app: App, tasks: readonly PeriodicTask[]): PeriodicTaskRunner {
  const runner = new PeriodicTaskRunner(app.db, tasks, {
    workerId: randomUUID(),
    clock: app.clock,
    log: app.log.child({ component: 'periodic-tasks' }),
  });
  app.decorate('periodicTasks', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
