import { healthEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';

/** A load balancer gives up after about 2 s: a database that says nothing is reported before then. */
export const healthCheckTimeoutMs = 1_500;

export async function healthRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(healthEndpoints.check),
    handler: async (_request, reply) => {
      if (await answersWithin(app.database.ping(), healthCheckTimeoutMs)) return { status: 'ok' as const };
      return reply.status(503).send({ error: 'The database is not answering' });
    },
  });
}

/** The ping's answer, or false once the time is up (the ping itself ends by the pool's own limits). */
async function answersWithin(ping: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([ping, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
