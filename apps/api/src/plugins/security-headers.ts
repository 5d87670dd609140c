import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../app-types';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer,
 * from one middleware built at start-up. @fastify/helmet 13 builds Helmet's middleware again for
 * every request, parsing the CSP directives each time: about a seventh of the time of a cached
 * catalogue answer (docs/performance-history.md). The headers are the same.
 */
export function registerSecurityHeaders(app: App, options: HelmetOptions): void {
  // Helmet checks the options here and throws at start-up; per request it only sets headers.
  const applyHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, () => done());
  });
}
