import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { API_BASE_PATH } from '@gvm/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerMailWorker } from './adapters/mail/plugin';
import type { MailWorkerOptions } from './adapters/mail/worker';
import { createPaymentProvider, type PaymentProvider, registerPaymentPages } from './adapters/payments';
import { createVoucherSupplier, type VoucherSupplier } from './adapters/suppliers';
import type { App } from './app-types';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerPeriodicTasks } from './jobs/plugin';
import { createBroadcast } from './lib/broadcast';
import { loggerOptions } from './lib/log-redaction';
import { registerRequestContext } from './lib/request-context';
import { authRoutes, createSessionRegistry, type SessionEnded } from './modules/auth';
import { cartRoutes } from './modules/carts';
import { catalogRoutes, catalogSyncTask } from './modules/catalog';
import { type ChatService, type ChatTimings, chatOpsRoutes, chatRoutes, registerChat } from './modules/chat';
import { checkoutRoutes, creditHoldReleaseTask } from './modules/checkout';
import { customerCareOpsRoutes } from './modules/customer-care';
import { devMailboxAbsentRoutes, devMailboxRoutes, servesDevMailbox } from './modules/dev-mailbox';
import { financeOpsRoutes, settleRefundsTask } from './modules/finance';
import { giftOfVoucher, giftRoutes, giftScheduleTask, registerGiftScheduler } from './modules/gifts';
import { healthRoutes, probeRoutes } from './modules/health';
import { notificationRoutes } from './modules/notifications';
import { operatorOpsRoutes } from './modules/operators';
import { outreachOpsRoutes, outreachRoutes } from './modules/outreach';
import { passRoutes, startPassUpdates } from './modules/passes';
import { paymentRoutes } from './modules/payments';
import { publicConfigRoutes } from './modules/public-config';
import { seoRoutes } from './modules/seo';
import { findUserContacts, userRoutes } from './modules/users';
import {
  type CodeIssuerOptions,
  codeLast4BackfillTask,
  registerCodeIssuer,
  startCodeRetries,
  voucherRoutes,
} from './modules/vouchers';
import { walletRoutes } from './modules/wallets';
import { wishlistRoutes } from './modules/wishlists';
import { registerApiReference } from './plugins/api-reference';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/error-handler';
import { registerLifecycle } from './plugins/lifecycle';
import { registerMetrics } from './plugins/metrics';
import { registerNoStoreDefault } from './plugins/no-store';
import { rateLimitStoreOptions } from './plugins/rate-limit-store';
import { registerSecurityHeaders } from './plugins/security-headers';
import { EARLY_REQUESTS_SCRIPT_SOURCE, registerWebApp } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options or false; defaults to structured logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** The app's notion of now; tests pass a controllable clock so expiry is tested without sleeping. */
  clock?: () => Date;
  /** Mail worker timings (poll interval, retry delays); tests shorten them. */
  mailWorker?: Partial<MailWorkerOptions>;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests pass a fake or a fast simulator. */
  payments?: PaymentProvider;
  /** The chat's re-check, presence and ping intervals; tests shorten them. */
  chat?: Partial<ChatTimings>;
  /** Where codes are bought; by default the one VOUCHER_SUPPLIER names. Tests pass a simulator they steer. */
  supplier?: VoucherSupplier;
  /** The code issuer's timings (how long activation waits, the retries' backoff and poll); tests shorten them. */
  codeIssuer?: Partial<CodeIssuerOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Now, as services should see it (code and token expiry, rate-limit windows). */
    clock: () => Date;
  }
}

/**
 * Builds the whole application without listening: plugins from the outside in (security,
 * compression, error handling), then the API modules under /api/v1, then the web app.
 * Tests call this and use `inject`; server.ts adds the listening socket. APP_ROLE decides the
 * parts (decision 055): a web instance gets no background jobs, a worker nothing but its jobs
 * and the health probes, and `all` (npm start, the tests) everything.
 */
export async function buildApp({
  config,
  database,
  logger,
  clock,
  mailWorker,
  payments,
  chat: chatTimings,
  supplier,
  codeIssuer,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Only as many X-Forwarded-For hops as there are proxies of ours: trusting them all would
    // let any client claim any IP address and step around the per-IP limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 256 * 1024,
    // Errors Fastify and Node answer before any route runs, in the `{ error }` shape (decision 027).
    frameworkErrors,
    clientErrorHandler,
    // Headers and body must arrive within this, checked every quarter of it: a trickled body
    // cannot hold a socket for ever (decision 021). Node's own check runs only every 30 s, and
    // Node 20 enforces the limit only when it is given at creation (it then derives the headers'
    // limit from it), so it goes in `http` as well.
    requestTimeout: config.httpRequestTimeoutMs,
    http: {
      requestTimeout: config.httpRequestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, config.httpRequestTimeoutMs / 4)),
    },
    // A socket with nothing moving either way (a client that stops reading) is closed; longer
    // than the 72 s keep-alive so idle keep-alive sockets end by that rule first.
    connectionTimeout: 120_000,
    // While shutting down, requests already on an open connection are served, not refused: the
    // load balancer learns from /health/ready to send no more (decision 055).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('appConfig', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', clock ?? (() => new Date()));
  app.decorate(
    'payments',
    payments ??
      createPaymentProvider(config, { db: app.db, clock: app.clock, log: app.log.child({ component: 'payments' }) }),
  );
  app.decorate('voucherSupplier', supplier ?? createVoucherSupplier(config, { clock: app.clock }));
  // Activation buys codes on every role that serves it; the retries run on workers (decision 068).
  registerCodeIssuer(
    app,
    {
      findHolderEmail: async (db, userId) => (await findUserContacts(db, [userId])).get(userId)?.email ?? null,
    },
    codeIssuer,
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The request's id, for the work it starts beyond itself (decision 061).
  await registerRequestContext(app);

  // Chatwoot's widget, when it is the shop's chat: its script, its frame and what they fetch (decision 054).
  const chatwoot = config.supportChat.provider === 'chatwoot' ? [new URL(config.supportChat.baseUrl).origin] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The signed-in pages' one inline script, by its hash (decision 038).
        scriptSrc: ["'self'", EARLY_REQUESTS_SCRIPT_SOURCE, 'https://accounts.google.com/gsi/client', ...chatwoot],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com', ...chatwoot],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', 'https://www.googleapis.com', ...chatwoot],
        frameSrc: ['https://accounts.google.com/gsi/', ...chatwoot],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerErrorHandling(app);
  registerNoStoreDefault(app);
  registerLifecycle(app);
  // Prometheus metrics, /metrics behind METRICS_TOKEN, on every role (docs/deploy.md).
  const metrics = registerMetrics(app);
  // The probes answer on every role; a worker serves nothing else over HTTP (decision 055).
  await app.register(probeRoutes);
  if (config.appRole === 'worker') {
    await app.register(healthRoutes, { prefix: API_BASE_PATH });
    registerBackgroundJobs(app, mailWorker);
    return app;
  }
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  // Limits are set per route (login codes, outreach forms); nothing is limited by default.
  await app.register(rateLimit, { global: false, ...rateLimitStoreOptions(app, config) });
  // This process among the app's instances: its own broadcasts come back to it only in-process.
  const instanceId = randomUUID();
  // Ended sessions are published to every instance (Redis pub/sub with REDIS_URL; decision 056).
  const sessionsEnded = await createBroadcast<SessionEnded>(
    config.redisUrl,
    'gvm-sessions',
    instanceId,
    app.log.child({ component: 'sessions' }),
  );
  app.addHook('onClose', async () => sessionsEnded.close());
  await app.register(authPlugin, { sessions: createSessionRegistry(app.db, app.clock, sessionsEnded) });
  if (config.appRole === 'all') registerBackgroundJobs(app, mailWorker);
  // The support chat's sockets, bus and presence (decision 051); needs the session registry.
  const chat = await registerChat(app, chatTimings);
  metrics.countSockets(() => chat.hub.connectionCounts());
  // Before the modules: the OpenAPI document is built from the routes registered after it.
  await registerApiReference(app);

  // Every module's routes under /api/v1, each group in a context of its own: the shop's, then the console's.
  await app.register(
    async (api) => {
      for (const routes of [...shopRoutes(chat), ...consoleRoutes(chat)]) await api.register(routes);
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(seoRoutes);
  // The simulator's hosted card page (/pay/:sessionId) and its webhook delivery; nothing for Stripe.
  await registerPaymentPages(app);
  // The dev mailbox: never in production, and elsewhere only where no real address can be read
  // through it (decision 027). Before the web app's index.html fallback.
  await app.register(servesDevMailbox(config) ? devMailboxRoutes : devMailboxAbsentRoutes);
  await registerWebApp(app, config.webDistDir, config.consoleDistDir);
  return app;
}

/** One module's routes, registered in a context of its own under API_BASE_PATH. */
type ModuleRoutes = (api: App) => Promise<void>;

/**
 * The shop's routes, each module's `xxxRoutes` (its routes.ts), in the order the OpenAPI document
 * lists them. A lower module is given what it needs of a higher one here (decision 046).
 */
function shopRoutes(chat: ChatService): ModuleRoutes[] {
  return [
    healthRoutes,
    catalogRoutes,
    cartRoutes,
    wishlistRoutes,
    outreachRoutes,
    authRoutes,
    userRoutes,
    notificationRoutes,
    publicConfigRoutes,
    checkoutRoutes,
    giftRoutes,
    // A voucher's detail says whether it was sent as a gift; gifts builds on vouchers.
    (api) => voucherRoutes(api, { giftOf: giftOfVoucher }),
    walletRoutes,
    passRoutes,
    paymentRoutes,
    (api) => chatRoutes(api, { chat }),
  ];
}

/**
 * The operator console's routes (/api/v1/ops/...), each module's `xxxOpsRoutes` (its
 * ops-routes.ts); every group checks the operator before it reads the request (decision 066).
 */
function consoleRoutes(chat: ChatService): ModuleRoutes[] {
  return [
    operatorOpsRoutes,
    customerCareOpsRoutes,
    outreachOpsRoutes,
    financeOpsRoutes,
    (api) => chatOpsRoutes(api, { chat }),
  ];
}

/**
 * The background jobs of a worker (APP_ROLE worker or all, decision 055): the mail outbox, the
 * retries of voucher codes, and the periodic tasks, each tick of which runs on one worker however
 * many run.
 */
function registerBackgroundJobs(app: App, mailWorker: Partial<MailWorkerOptions> | undefined): void {
  registerMailWorker(app, mailWorker);
  // Codes the supplier failed to issue at once, asked again with backoff until they come (decision 068).
  startCodeRetries(app);
  // Wallet passes kept to their vouchers: APNs pushes and Google Wallet updates (decision 071).
  startPassUpdates(app);
  const giftScheduler = registerGiftScheduler(app);
  registerPeriodicTasks(app, [
    // Scheduled gift e-mails and 30-day reminders (decision 025).
    giftScheduleTask(giftScheduler),
    // Unpaid checkouts past their expiry give back the UGM Credit they hold (decision 026).
    creditHoldReleaseTask(app),
    // Vouchers issued before migration 0012 get their code's last four for the console (decision 048).
    codeLast4BackfillTask(app),
    // Card refunds whose provider's answer never came, settled by asking it (decision 063).
    settleRefundsTask(app),
    // The catalogue kept to the brands and values the supplier sells, daily (decision 068); the
    // simulator sells whatever the catalogue lists, so only a real supplier's list is read.
    ...(app.voucherSupplier.name === 'tillo' ? [catalogSyncTask(app)] : []),
  ]);
}
