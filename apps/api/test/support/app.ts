import { buildApp } from '../../src/app';
import { type Config, testConfig } from '../../src/config';
import { createTestDatabase, type TestContext } from '../helpers';

/** A clock a test moves by hand: expiry is proven by advancing it, never by sleeping. */
export interface TestClock {
  now(): Date;
  advance(milliseconds: number): void;
  set(moment: Date): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (milliseconds) => {
      current += milliseconds;
    },
    set: (moment) => {
      current = moment.getTime();
    },
  };
}

export interface ClockedTestContext extends TestContext {
  clock: TestClock;
}

/** Like `createTestApp`, with the app's clock under the test's control. */
export async function createClockedTestApp(overrides: Partial<Config> = {}): Promise<ClockedTestContext> {
  const database = await createTestDatabase();
  const clock = createTestClock();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, clock: clock.now });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const minutes = (count: number) => count * 60_000;
export const hours = (count: number) => count * 3_600_000;
