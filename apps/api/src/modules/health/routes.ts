import { healthEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';

/** A load balancer gives up after about 2 s: a database that says nothing is reported before then. */
export const healthCheckTimeoutMs = 1_500;

export const DRAINING_MESSAGE = 'This instance is shutting down';
export const DATABASE_SILENT_MESSAGE = 'The database is not answering';

/** `/api/v1/health`, as load balancers and the browser tests' start-up already ask it: the readiness answer. */
export async function healthRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(healthEndpoints.check),
    handler: async (_request, reply) => {
      const problem = await notReadyBecause(app);
      if (problem) return reply.status(503).send({ error: problem });
      return { status: 'ok' as const };
    },
  });
}

/**
 * The probes of an orchestrator or load balancer, at the root and on every role (decision 055):
 * `/health/live` answers while the process runs; `/health/ready` only while it should be sent
 * work: not while it shuts down, nor while its database does not answer.
 */
export async function probeRoutes(app: App): Promise<void> {
  app.get('/health/live', async () => ({ status: 'ok' as const }));
  app.get('/health/ready', async (_request, reply) => {
    const problem = await notReadyBecause(app);
    if (problem) return reply.status(503).send({ error: problem });
    return { status: 'ok' as const };
  });
}

async function notReadyBecause(app: App): Promise<string | undefined> {
  if (app.lifecycle.draining) return DRAINING_MESSAGE;
  if (!(await answersWithin(app.database.ping(), healthCheckTimeoutMs))) return DATABASE_SILENT_MESSAGE;
  return undefined;
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
