import { publicConfigEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';

/**
 * Public settings the single-page app reads at start, so enabling Google sign-in needs a restart
 * of the server, not a rebuild of the web app. Only values meant for browsers belong here.
 */
export async function publicConfigRoutes(app: App): Promise<void> {
  app.route({
    ...fromContract(publicConfigEndpoints.get),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { googleClientId: app.appConfig.googleClientId ?? null };
    },
  });
}
