import { z } from 'zod';
import type { App } from '../../app-types';

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ error: z.string() }) },
      },
    },
    async (_request, reply) => {
      if (await app.database.ping()) return { status: 'ok' as const };
      return reply.status(503).send({ error: 'The database is not answering' });
    },
  );
}
