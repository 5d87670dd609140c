import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type DatabaseTimeouts, defaultDatabaseTimeouts } from './db/timeouts';

/**
 * The only module that reads process.env (README.md#configuration). Everything else receives
 * the parsed Config, so tests can build the app with any configuration they like.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** What this process does (decision 055): web (HTTP, sockets), worker (background jobs) or all. */
  APP_ROLE: z.enum(['web', 'worker', 'all'], 'must be web, worker or all').default('all'),
  /** SIGTERM: in-flight requests get this long before their connections are cut (decision 055). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /**
   * The PostgreSQL role the app's instances connect as, when it is not the role that owns the
   * tables: `npm run migrate`, run as the owner, grants it what the app needs (docs/deploy.md).
   */
  DATABASE_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a PostgreSQL role name: lower-case letters, digits and _')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DB_CONNECT_TIMEOUT_MS: milliseconds(defaultDatabaseTimeouts.connectMs),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(defaultDatabaseTimeouts.statementMs),
  DB_QUERY_TIMEOUT_MS: milliseconds(defaultDatabaseTimeouts.queryMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(defaultDatabaseTimeouts.idleInTransactionMs),
  DB_POOL_WAIT_MS: milliseconds(defaultDatabaseTimeouts.poolWaitMs),
  /** The whole request, headers and body, must arrive within this (a trickled body is cut off). */
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(30_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Gift Marketplace <no-reply@localhost>'),
  /** How long an e-mail being sent is held by its worker before another takes it as lost to a crash. */
  MAIL_SENDING_TIMEOUT_MS: milliseconds(120_000),
  /** 1: serve /dev/mailbox; 0: never; unset: only with no SMTP_URL on a loopback HOST (decision 027). */
  DEV_MAILBOX: z.enum(['0', '1'], 'must be 0 or 1').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VOUCHER_ENCRYPTION_KEY: z
    .string()
    .refine((value) => isVoucherKey(value), 'must be 32 random bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Unset: the simulator, except in production, where it must be named (decision 043). */
  PAYMENT_PROVIDER: z.enum(['simulator', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another host for the Stripe API (a local stand-in in tests); Stripe's own by default. */
  STRIPE_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /** The payment simulator's webhook signing secret (HMAC-SHA256). */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where vouchers' codes are bought (decision 068). Unset: the simulator, except in production. */
  VOUCHER_SUPPLIER: z.enum(['simulator', 'tillo'], 'must be simulator or tillo').optional(),
  /** Tillo's API v2; tests point it at a local stand-in. */
  TILLO_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://app.tillo.io/api/v2'),
  TILLO_API_KEY: z.string().min(1).optional(),
  /** Signs every request to Tillo (HMAC-SHA256); a secret, never logged. */
  TILLO_API_SECRET: z.string().min(1).optional(),
  /** The sector Tillo agreed with us, sent with every card bought (e.g. `b2c-marketplace`). */
  TILLO_SECTOR: z.string().min(1).optional(),
  /** How long the supplier simulator takes to issue a card (browser tests slow it down); 0 at once. */
  SUPPLIER_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Apple Wallet passes (decision 071): the pass type certificate and Apple's WWDR intermediate, PEM. */
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[\w.-]+$/, 'must be a pass type identifier (pass.…)')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character team identifier')
    .optional(),
  APPLE_PASS_CERT: z.string().min(1).optional(),
  APPLE_PASS_KEY: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().min(1).optional(),
  /** Apple's push service for pass updates; tests point it at a local HTTP/2 stand-in. */
  APNS_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://api.push.apple.com'),
  /** Google Wallet gift cards (decision 071): the issuer and its service account's JSON key. */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d+$/, 'must be the numeric issuer id').optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: z.string().min(1).optional(),
  /** The Google Wallet REST API's base; tests point it at a local stand-in. */
  GOOGLE_WALLET_API_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .default('https://walletobjects.googleapis.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  OPS_EMAIL: z.email().default('ops@localhost'),
  /** The operator console's admins, comma-separated (docs/product/operators.md#operators-and-roles). */
  OPS_ADMINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter((address) => address !== ''),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Unset: no /metrics. Set: /metrics answers Prometheus's text to `Authorization: Bearer <it>`. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Login-code requests one IP may make per 15 minutes (browser test runs raise it). */
  LOGIN_CODE_IP_LIMIT: z.coerce.number().int().min(1).default(20),
  SIGNUP_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Sign-in code checks (shoppers' and operators') one IP may make per 15 minutes. */
  LOGIN_IP_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Verification links and authenticator codes one IP may try per 15 minutes. */
  VERIFY_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Memory for cached catalogue answers, in MiB (0: none; decision 022). */
  CATALOG_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How often an instance re-reads the catalogue's generation, in milliseconds. */
  CATALOG_CACHE_RECHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Messages one shopper may send to the support chat per minute (docs/product/support-chat.md). */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
  /** Unresolved chat conversations the chat gives an online operator by itself, at most. */
  CHAT_AUTO_ASSIGN_LIMIT: z.coerce.number().int().min(0).max(100).default(5),
  /** Which chat the shopper's pages show: the built-in one, or Chatwoot's widget (docs/product/support-chat.md). */
  SUPPORT_CHAT_PROVIDER: z.enum(['built-in', 'chatwoot']).default('built-in'),
  /** Where the Chatwoot installation answers: its widget loads from `${CHATWOOT_BASE_URL}/packs/js/sdk.js`. */
  CHATWOOT_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  CHATWOOT_WEBSITE_TOKEN: z.string().min(1).optional(),
  /** The website inbox's identity validation token: signs each shopper's identifier (HMAC-SHA256). */
  CHATWOOT_HMAC_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  CONSOLE_DIST_DIR: z.string().min(1).optional(),
});

/** A duration in milliseconds: a positive whole number, at most an hour. */
function milliseconds(fallback: number) {
  return z.coerce.number().int().min(1).max(3_600_000).default(fallback);
}

export type AppRole = 'web' | 'worker' | 'all';

export interface Config {
  env: 'development' | 'production' | 'test';
  /** web: HTTP and WebSocket only; worker: background jobs and health only; all: both (decision 055). */
  appRole: AppRole;
  /** How long a SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** The role `npm run migrate` grants the app's rights to (PostgreSQL only); none: the app runs as the owner. */
  databaseAppRole: string | undefined;
  dataDir: string;
  /** How long to wait on PostgreSQL (decision 021); PGlite ignores them. */
  databaseTimeouts: DatabaseTimeouts;
  /** Headers and body of one request must arrive within this many milliseconds. */
  httpRequestTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailSendingTimeoutMs: number;
  /** Serve /dev/mailbox (true), never (false), or decide from the transport and host (undefined). */
  devMailbox: boolean | undefined;
  jwtSecret: string;
  /** AES-256-GCM key for voucher codes and PINs at rest: 32 bytes, base64. */
  voucherEncryptionKey: string;
  paymentProvider: 'simulator' | 'stripe';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Overrides the Stripe API's protocol, host and port (tests point it at a stand-in). */
  stripeApiUrl: string | undefined;
  /** The payment simulator signs its webhooks with this (HMAC-SHA256, Stripe's header format). */
  paymentWebhookSecret: string;
  /** Where codes are bought: the built-in simulator, or Tillo with its credentials (decision 068). */
  voucherSupplier: VoucherSupplierConfig;
  googleClientId: string | undefined;
  googleTokenInfoUrl: string;
  /** Apple and Google wallet passes (decision 071). */
  walletPasses: WalletPassesConfig;
  opsEmail: string;
  /** Operators who are always admins (lower-case): made or kept admins when they ask for a sign-in code. */
  opsAdmins: string[];
  redisUrl: string | undefined;
  /** The bearer token /metrics asks for; unset, there is no /metrics. */
  metricsToken: string | undefined;
  /** Reverse proxies in front of the app whose X-Forwarded-For is believed (0: none). */
  trustProxyHops: number;
  loginCodeIpLimit: number;
  /** Sign-ups one IP address may make per hour. */
  signupIpLimit: number;
  /** Sign-in code checks one IP address may make per 15 minutes. */
  loginIpLimit: number;
  /** Verification links and authenticator codes one IP address may try per 15 minutes. */
  verifyIpLimit: number;
  /** Memory for cached catalogue answers, in MiB (0: none). */
  catalogCacheMb: number;
  /** A catalogue change is seen by every instance within this many milliseconds (0: at once). */
  catalogCacheRecheckMs: number;
  /** Messages one shopper may send to the support chat per minute. */
  chatRateLimit: number;
  /** Unresolved conversations auto-assigned to one online operator, at most (0: none). */
  chatAutoAssignLimit: number;
  /** The built-in chat, or Chatwoot's widget with its installation, website token and HMAC token. */
  supportChat: SupportChatProvider;
  logLevel: string;
  /** The built single-page app; undefined when it should not be served (API tests). */
  webDistDir: string | undefined;
  /** The operator console's build (apps/console, decision 069), served with the shop's for /ops. */
  consoleDistDir: string | undefined;
}

export type VoucherSupplierConfig =
  | { name: 'simulator'; delayMs: number }
  | { name: 'tillo'; apiUrl: string; apiKey: string; apiSecret: string; sector: string };

/**
 * Apple: the pass type certificate, or `development` (a chain generated once into DATA_DIR, which
 * no iPhone installs), or none (production without it: no Apple Wallet button). Google: the issuer
 * and its service account, or none (no Google Wallet button).
 */
export interface WalletPassesConfig {
  apple: AppleWalletSigning | 'development' | undefined;
  apnsUrl: string;
  google: GoogleWalletIssuer | undefined;
}
export interface AppleWalletSigning {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}
/** The fields of a Google service account's JSON key that are used. */
export interface GoogleServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | undefined;
  tokenUri: string;
}
export interface GoogleWalletIssuer {
  issuerId: string;
  serviceAccount: GoogleServiceAccount;
  apiUrl: string;
}

export type SupportChatProvider =
  | { provider: 'built-in' }
  | { provider: 'chatwoot'; baseUrl: string; websiteToken: string; hmacToken: string };

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultConsoleDist = path.resolve(import.meta.dirname, '../../console/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = (['JWT_SECRET', 'DATABASE_URL', 'SMTP_URL', 'VOUCHER_ENCRYPTION_KEY'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(`Production needs ${missing.join(', ')}: refusing to start without them.`);
    }
  }
  if (e.NODE_ENV === 'production' && e.DEV_MAILBOX === '1') {
    throw new ConfigError('DEV_MAILBOX=1 is refused in production: the dev mailbox shows anyone every sign-in code.');
  }
  if (e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER === undefined) {
    // The simulator's test card 4242 issues real vouchers: production never falls back to it.
    throw new ConfigError(
      'Production needs PAYMENT_PROVIDER: stripe, or simulator for a demo that takes no real payment.',
    );
  }
  if (e.NODE_ENV === 'production' && e.VOUCHER_SUPPLIER === undefined) {
    // The simulator's codes are made up here and no shop accepts them: production never falls back to it.
    throw new ConfigError(
      'Production needs VOUCHER_SUPPLIER: tillo, or simulator for a demo whose codes no shop takes.',
    );
  }
  if (e.VOUCHER_SUPPLIER === 'tillo' && (!e.TILLO_API_KEY || !e.TILLO_API_SECRET || !e.TILLO_SECTOR)) {
    throw new ConfigError('VOUCHER_SUPPLIER=tillo needs TILLO_API_KEY, TILLO_API_SECRET and TILLO_SECTOR.');
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  if (e.APP_ROLE !== 'all' && !e.DATABASE_URL) {
    // PGlite is one process's database: a web or worker process beside another cannot share it.
    throw new ConfigError(
      `APP_ROLE=${e.APP_ROLE} needs DATABASE_URL: the embedded database serves one process, so only APP_ROLE=all runs on it.`,
    );
  }
  if (e.DATABASE_APP_ROLE && !e.DATABASE_URL) {
    throw new ConfigError('DATABASE_APP_ROLE needs DATABASE_URL: the embedded database has no roles to grant.');
  }
  if (
    e.SUPPORT_CHAT_PROVIDER === 'chatwoot' &&
    (!e.CHATWOOT_BASE_URL || !e.CHATWOOT_WEBSITE_TOKEN || !e.CHATWOOT_HMAC_TOKEN)
  ) {
    throw new ConfigError(
      'SUPPORT_CHAT_PROVIDER=chatwoot needs CHATWOOT_BASE_URL, CHATWOOT_WEBSITE_TOKEN and CHATWOOT_HMAC_TOKEN.',
    );
  }
  if (e.DB_QUERY_TIMEOUT_MS <= e.DB_STATEMENT_TIMEOUT_MS) {
    // PostgreSQL should cancel a slow statement itself; the client's limit is for silence.
    throw new ConfigError('DB_QUERY_TIMEOUT_MS must be longer than DB_STATEMENT_TIMEOUT_MS.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const walletPasses = walletPassesOf(e);
  return {
    env: e.NODE_ENV,
    appRole: e.APP_ROLE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseAppRole: e.DATABASE_APP_ROLE,
    dataDir,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      queryMs: e.DB_QUERY_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolWaitMs: e.DB_POOL_WAIT_MS,
    },
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailSendingTimeoutMs: e.MAIL_SENDING_TIMEOUT_MS,
    devMailbox: e.DEV_MAILBOX === undefined ? undefined : e.DEV_MAILBOX === '1',
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir),
    voucherEncryptionKey: e.VOUCHER_ENCRYPTION_KEY ?? devVoucherKey(dataDir),
    paymentProvider: e.PAYMENT_PROVIDER ?? 'simulator',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
    // In production the simulator's secret is per process when unset: each attempt is signed by the
    // process that delivers it, to itself (decision 056), so nothing outside the process needs it.
    paymentWebhookSecret:
      e.PAYMENT_WEBHOOK_SECRET ??
      (e.NODE_ENV === 'production'
        ? randomBytes(32).toString('base64url')
        : devSecret(dataDir, 'payment-webhook-secret')),
    voucherSupplier:
      e.VOUCHER_SUPPLIER === 'tillo' && e.TILLO_API_KEY && e.TILLO_API_SECRET && e.TILLO_SECTOR
        ? {
            name: 'tillo',
            apiUrl: e.TILLO_API_URL.replace(/\/+$/, ''),
            apiKey: e.TILLO_API_KEY,
            apiSecret: e.TILLO_API_SECRET,
            sector: e.TILLO_SECTOR,
          }
        : { name: 'simulator', delayMs: e.SUPPLIER_SIMULATOR_DELAY_MS },
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleTokenInfoUrl: e.GOOGLE_TOKENINFO_URL,
    walletPasses,
    opsEmail: e.OPS_EMAIL,
    opsAdmins: [...new Set(e.OPS_ADMINS)],
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    loginCodeIpLimit: e.LOGIN_CODE_IP_LIMIT,
    signupIpLimit: e.SIGNUP_IP_LIMIT,
    loginIpLimit: e.LOGIN_IP_LIMIT,
    verifyIpLimit: e.VERIFY_IP_LIMIT,
    catalogCacheMb: e.CATALOG_CACHE_MB,
    catalogCacheRecheckMs: e.CATALOG_CACHE_RECHECK_MS,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    chatAutoAssignLimit: e.CHAT_AUTO_ASSIGN_LIMIT,
    supportChat:
      e.SUPPORT_CHAT_PROVIDER === 'chatwoot' && e.CHATWOOT_BASE_URL && e.CHATWOOT_WEBSITE_TOKEN && e.CHATWOOT_HMAC_TOKEN
        ? {
            provider: 'chatwoot',
            baseUrl: e.CHATWOOT_BASE_URL.replace(/\/+$/, ''),
            websiteToken: e.CHATWOOT_WEBSITE_TOKEN,
            hmacToken: e.CHATWOOT_HMAC_TOKEN,
          }
        : { provider: 'built-in' },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    consoleDistDir: e.CONSOLE_DIST_DIR ? path.resolve(e.CONSOLE_DIST_DIR) : defaultConsoleDist,
  };
}

/** A PEM given in one line of an environment variable, its line breaks written `\\n`. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

/** Apple's and Google's wallet settings: each all or nothing, so a half-configured one stops start-up. */
function walletPassesOf(e: z.infer<typeof envSchema>): WalletPassesConfig {
  const appleSet = [e.APPLE_PASS_TYPE_ID, e.APPLE_TEAM_ID, e.APPLE_PASS_CERT, e.APPLE_PASS_KEY, e.APPLE_WWDR_CERT];
  let apple: WalletPassesConfig['apple'];
  if (e.APPLE_PASS_TYPE_ID && e.APPLE_TEAM_ID && e.APPLE_PASS_CERT && e.APPLE_PASS_KEY && e.APPLE_WWDR_CERT) {
    apple = {
      passTypeId: e.APPLE_PASS_TYPE_ID,
      teamId: e.APPLE_TEAM_ID,
      signerCert: pem(e.APPLE_PASS_CERT),
      signerKey: pem(e.APPLE_PASS_KEY),
      signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
      wwdr: pem(e.APPLE_WWDR_CERT),
    };
  } else if (appleSet.some((value) => value !== undefined)) {
    throw new ConfigError(
      'Apple Wallet passes need all of APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY and APPLE_WWDR_CERT.',
    );
  } else {
    // Outside production a development chain stands in: passes are built and verifiable, not installable.
    apple = e.NODE_ENV === 'production' ? undefined : 'development';
  }
  let google: GoogleWalletIssuer | undefined;
  if (e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY) {
    google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      serviceAccount: serviceAccountOf(e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY),
      apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ''),
    };
  } else if (e.GOOGLE_WALLET_ISSUER_ID || e.GOOGLE_WALLET_SERVICE_ACCOUNT_KEY) {
    throw new ConfigError(
      'Google Wallet passes need both GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT_KEY.',
    );
  }
  return { apple, apnsUrl: e.APNS_URL.replace(/\/+$/, ''), google };
}

const serviceAccountKeySchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

/** The service account's JSON key, as Google's console downloads it. */
function serviceAccountOf(json: string): GoogleServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT_KEY must be the service account key as JSON.');
  }
  const key = serviceAccountKeySchema.safeParse(parsed);
  if (!key.success) {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT_KEY needs client_email, private_key and token_uri.');
  }
  return {
    clientEmail: key.data.client_email,
    privateKey: key.data.private_key,
    privateKeyId: key.data.private_key_id,
    tokenUri: key.data.token_uri,
  };
}

/**
 * Start-up's warning when the deployment means to run several instances but has no REDIS_URL
 * (decision 056): a web instance (APP_ROLE=web), or production, where instances are put behind a
 * load balancer: each process
 * then keeps its own rate-limit counters and hears of nothing another instance does (chat
 * messages, ended sessions). Not refused: a single instance without Redis is a valid deployment.
 */
export function perProcessStateWarning(config: Pick<Config, 'env' | 'redisUrl' | 'appRole'>): string | undefined {
  // A web instance is one of several by design; production is assumed to be, too.
  if (config.redisUrl || (config.env !== 'production' && config.appRole !== 'web')) return undefined;
  return (
    'REDIS_URL is not set: rate limits are counted per process, the support chat reaches only the sockets of the ' +
    'instance it happened on, and other instances refuse an ended session only after their few-second check. ' +
    'Run a single instance, or set REDIS_URL (docs/deploy.md, "State and where it lives").'
  );
}

/** Outside production a signing secret is generated once and kept in DATA_DIR across restarts. */
function devSecret(dataDir: string, fileName = 'jwt-secret'): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function isVoucherKey(value: string): boolean {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

/** Voucher codes must stay readable across restarts, so the development key is kept like the secret. */
function devVoucherKey(dataDir: string): string {
  const file = path.join(dataDir, 'voucher-encryption-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A configuration for tests: nothing read from the environment, no files written. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    appRole: 'all',
    shutdownTimeoutMs: 10_000,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    databaseUrl: undefined,
    databaseAppRole: undefined,
    dataDir: '',
    databaseTimeouts: defaultDatabaseTimeouts,
    httpRequestTimeoutMs: 30_000,
    smtpUrl: undefined,
    mailFrom: 'Gift Marketplace <no-reply@localhost>',
    mailSendingTimeoutMs: 120_000,
    devMailbox: undefined,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    voucherEncryptionKey: Buffer.alloc(32, 7).toString('base64'),
    paymentProvider: 'simulator',
    stripeSecretKey: undefined,
    stripeWebhookSecret: undefined,
    stripeApiUrl: undefined,
    paymentWebhookSecret: 'test-payment-webhook-secret-at-least-32-characters',
    voucherSupplier: { name: 'simulator', delayMs: 0 },
    googleClientId: undefined,
    googleTokenInfoUrl: 'http://127.0.0.1:9/tokeninfo',
    walletPasses: { apple: 'development', apnsUrl: 'http://127.0.0.1:9', google: undefined },
    opsEmail: 'ops@localhost',
    opsAdmins: [],
    redisUrl: undefined,
    metricsToken: undefined,
    trustProxyHops: 0,
    loginCodeIpLimit: 20,
    signupIpLimit: 30,
    loginIpLimit: 100,
    verifyIpLimit: 30,
    catalogCacheMb: 16,
    // Tests write products and read them back at once: they see every change immediately.
    catalogCacheRecheckMs: 0,
    chatRateLimit: 20,
    chatAutoAssignLimit: 5,
    supportChat: { provider: 'built-in' },
    logLevel: 'silent',
    webDistDir: undefined,
    consoleDistDir: undefined,
    ...overrides,
  };
}
