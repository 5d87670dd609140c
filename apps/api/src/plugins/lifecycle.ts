import type { App } from '../app-types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is shutting down: /health/ready answers 503 from then on (decision 055). */
    lifecycle: { draining: boolean };
  }
}

export function registerLifecycle(app: App): void {
  app.decorate('lifecycle', { draining: false });
}

/**
 * A graceful stop (SIGTERM, decision 055): the instance reports itself not ready, stops accepting
 * connections, lets requests in flight finish for up to `timeoutMs` and then cuts the connections
 * still open. Closing the app then tells chat sockets to reconnect elsewhere (1012, service
 * restart), and stops the background jobs after the work in hand, giving back what they claimed
 * but had not started.
 */
export async function closeGracefully(app: App, timeoutMs: number): Promise<void> {
  app.lifecycle.draining = true;
  const cutOff = setTimeout(() => {
    app.log.warn({ timeoutMs }, 'shutdown: requests still in flight after the limit; closing their connections');
    app.server.closeAllConnections();
  }, timeoutMs);
  cutOff.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}
