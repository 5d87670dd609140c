import { API_BASE_PATH } from '@gvm/contract';
import type { App } from '../app-types';

/** Where answers may carry tokens or personal data: the API, the simulator's card page, the dev mailbox. */
const privatePrefixes = [`${API_BASE_PATH}/`, '/pay/', '/dev/mailbox'];

/**
 * `Cache-Control: no-store` is the default for every answer under those paths, so no browser,
 * proxy or CDN keeps a token, an order or an address. It is set when the request arrives, so a
 * route that may be cached (the catalogue's public reads) sets its own header and replaces it.
 */
export function registerNoStoreDefault(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (privatePrefixes.some((prefix) => path.startsWith(prefix))) reply.header('cache-control', 'no-store');
  });
}
