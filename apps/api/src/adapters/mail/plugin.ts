import type { App } from '../../app-types';
import { createMailTransport } from './create-transport';
import { onMailEnqueued } from './outbox';
import { MailWorker, type MailWorkerOptions } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the mail outbox; tests call `app.mailWorker.drain()` to wait for delivery. */
    mailWorker: MailWorker;
  }
}

/**
 * Runs the mail worker with the app: it starts when the app is ready and stops, after its round
 * in progress, when the app closes, before the database is closed.
 */
export function registerMailWorker(app: App, options: Partial<MailWorkerOptions> = {}): void {
  const log = app.log.child({ component: 'mail' });
  const transport = createMailTransport(app.appConfig, log);
  const worker = new MailWorker(app.db, transport, app.appConfig.mailFrom, log, {
    sendingTimeoutMs: app.appConfig.mailSendingTimeoutMs,
    ...options,
  });
  app.decorate('mailWorker', worker);

  // The nudge: a message was queued, so look now. The enqueuing transaction may not have committed
  // yet, and the response is sent only after it has, so look once more when that request ends.
  let queuedDuringRequest = false;
  const unsubscribe = onMailEnqueued(() => {
    queuedDuringRequest = true;
    worker.wake();
  });
  app.addHook('onResponse', async () => {
    if (!queuedDuringRequest) return;
    queuedDuringRequest = false;
    worker.wake();
  });

  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}
