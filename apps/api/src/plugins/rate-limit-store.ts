import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { App } from '../app-types';
import type { Config } from '../config';

/**
 * Where @fastify/rate-limit keeps its counters. With REDIS_URL every instance shares them, so a
 * client cannot multiply its allowance by spreading requests across instances; without it they
 * stay in this process's memory.
 *
 * A Redis outage fails open (skipOnError): sign-in keeps working, and the limits that matter
 * most (codes per address, tries per code) are enforced from the database regardless.
 */
export function rateLimitStoreOptions(app: App, config: Config): Partial<RateLimitPluginOptions> {
  if (!config.redisUrl) return {};
  const redis = new Redis(config.redisUrl, {
    // The plugin's advice: fail fast rather than queue rate-limit checks behind a dead connection.
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return { redis, nameSpace: 'gvm-rate-limit-', skipOnError: true };
}
