import { healthEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';

export async function healthRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(healthEndpoints.check),
    handler: async (_request, reply) => {
      if (await app.database.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ error: 'The database is not answering' });
    },
  });
}
