import { API_BASE_PATH } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types';

/** Where answers may carry tokens or personal data: the API, the simulator's card page, the dev mailbox. */
const privatePrefixes = [`${API_BASE_PATH}/`, '/pay/', '/dev/mailbox'];

/**
 * `Cache-Control: no-store` is the default for every answer under those paths, so no browser,
 * proxy or CDN keeps a token, an order or an address. It is set when the request arrives, so a
 * route that may be cached (the catalogue's public reads) sets its own header and replaces it.
 *
 * The path is the one the router matched, not the raw URL: `/%61pi/v1/…` reaches the same route
 * as `/api/v1/…` and must be treated alike (decision 043). A request no route matched is judged
 * by its decoded path.
 */
export function registerNoStoreDefault(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isPrivatePath(routedPath(request)) || isPrivatePath(decodedPath(request.url))) {
      reply.header('cache-control', 'no-store');
    }
  });
}

function isPrivatePath(path: string | undefined): boolean {
  return path !== undefined && privatePrefixes.some((prefix) => path.startsWith(prefix));
}

/** The matched route's pattern (`/api/v1/orders/:id/voucher`); a wildcard route says nothing. */
function routedPath(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions.url;
  return pattern === undefined || pattern.startsWith('/*') ? undefined : pattern;
}

/** The URL's path with its percent-escapes decoded (a malformed escape leaves it as sent). */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
