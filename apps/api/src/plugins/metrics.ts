import { timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { outboxBacklog } from '../adapters/mail/outbox';
import type { App } from '../app-types';

/** This instance's counters, which modules add to (the payment webhooks' outcomes). */
export interface AppMetrics {
  readonly registry: Registry;
  /** Verified payment events received, by provider and the state they report. */
  readonly paymentEvents: Counter<'provider' | 'state'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** What a role adds to the metrics once it has the parts they read. */
export interface MetricsHandle {
  /** The chat_sockets gauge, read from this instance's open sockets by party (web roles). */
  countSockets(counts: () => Record<string, number>): void;
}

/** Latency buckets in seconds: from a cached catalogue read to a slow payment call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics (docs/deploy.md, "Operating it"), one registry per app instance: request
 * latency by route, the mail outbox's backlog and the age of its oldest message, verified
 * payment events by outcome, open chat sockets, and Node's own process metrics. Routes are
 * labelled by their pattern (`/api/v1/orders/:id`), never by the URL, which holds ids and secrets.
 * `GET /metrics` exists only when METRICS_TOKEN is set, and answers only that bearer token.
 */
export function registerMetrics(app: App): MetricsHandle {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const paymentEvents = new Counter({
    name: 'payment_events_total',
    help: 'Verified payment webhook events by provider and reported state.',
    labelNames: ['provider', 'state'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'mail_outbox_waiting',
    help: 'E-mails queued and not yet delivered (pending or being sent).',
    registers: [registry],
    async collect() {
      const { waiting, oldestQueuedAt } = await outboxBacklog(app.db);
      this.set(waiting);
      outboxAge.set(oldestQueuedAt ? Math.max(0, (app.clock().getTime() - oldestQueuedAt.getTime()) / 1000) : 0);
    },
  });
  const outboxAge = new Gauge({
    name: 'mail_outbox_oldest_waiting_seconds',
    help: 'How long the oldest undelivered e-mail has waited (0 when none waits).',
    registers: [registry],
  });

  app.decorate('metrics', { registry, paymentEvents });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  serveMetrics(app, registry);
  return {
    countSockets(counts) {
      new Gauge({
        name: 'chat_sockets',
        help: "This instance's open support-chat sockets by party.",
        labelNames: ['party'] as const,
        registers: [registry],
        collect() {
          for (const [party, open] of Object.entries(counts())) this.set({ party }, open);
        },
      });
    },
  };
}

/** `GET /metrics`, only when METRICS_TOKEN is set, and only to that bearer token. */
function serveMetrics(app: App, registry: Registry): void {
  const token = app.appConfig.metricsToken;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const presented = Buffer.from(request.headers.authorization ?? '');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
