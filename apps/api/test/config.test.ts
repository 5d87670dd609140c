import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, perProcessStateWarning } from '../src/config';
import { productionEnv } from './support/production-env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gvm-config-'));

const production = productionEnv;

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ env: 'development', port: 3000, publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(config.voucherEncryptionKey, 'base64')).toHaveLength(32);
  });

  it('keeps the generated voucher encryption key across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).voucherEncryptionKey).toBe(loadConfig({ DATA_DIR: dir }).voucherEncryptionKey);
  });

  it('keeps the generated development secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'localhost:25'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['OPS_EMAIL', 'not-an-address'],
    ['JWT_SECRET', 'short'],
    ['VOUCHER_ENCRYPTION_KEY', 'dG9vIHNob3J0'],
    ['STRIPE_API_URL', 'ftp://stripe.example'],
    ['PAYMENT_WEBHOOK_SECRET', 'short'],
  ])('stops start-up on a bad %s, naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(
      expect.objectContaining({ message: expect.stringContaining(name) }),
    );
  });

  it('refuses to start in production without real secrets, SMTP and a database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET, DATABASE_URL, SMTP_URL/);
    const complete = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/VOUCHER_ENCRYPTION_KEY/);
    expect(complete.env).toBe('production');
  });

  it('keeps the generated payment webhook secret across restarts, apart from the JWT secret', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.paymentWebhookSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.paymentWebhookSecret).not.toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).paymentWebhookSecret).toBe(first.paymentWebhookSecret);
  });

  it('takes the payment webhook secret and the Stripe API host from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PAYMENT_WEBHOOK_SECRET: 's'.repeat(40),
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.paymentWebhookSecret).toBe('s'.repeat(40));
    expect(config.stripeApiUrl).toBe('http://127.0.0.1:12111');
    expect(loadConfig({ DATA_DIR: dataDir() }).stripeApiUrl).toBeUndefined();
  });

  it('needs both Stripe keys when Stripe is the payment provider', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const stripe = loadConfig({
      DATA_DIR: dataDir(),
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    });
    expect(stripe).toMatchObject({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_123' });
  });

  it('refuses the payment simulator in production unless PAYMENT_PROVIDER names it', () => {
    // With the simulator, test card 4242 issues real vouchers: a production deployment that
    // forgot to configure Stripe must not start on the default.
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'simulator' }).paymentProvider).toBe('simulator');
    expect(loadConfig({ DATA_DIR: dataDir() }).paymentProvider).toBe('simulator');
  });

  it('refuses the supplier simulator in production unless VOUCHER_SUPPLIER names it, and Tillo without its keys', () => {
    // The simulator's codes are made up here: no shop would take them.
    const { VOUCHER_SUPPLIER: _named, ...unnamed } = { ...production, PAYMENT_PROVIDER: 'simulator' };
    expect(() => loadConfig(unnamed)).toThrow(/VOUCHER_SUPPLIER/);
    expect(loadConfig({ ...unnamed, VOUCHER_SUPPLIER: 'simulator' }).voucherSupplier).toEqual({
      name: 'simulator',
      delayMs: 0,
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).voucherSupplier.name).toBe('simulator');
    const tillo = { DATA_DIR: dataDir(), VOUCHER_SUPPLIER: 'tillo', TILLO_API_KEY: 'key', TILLO_API_SECRET: 'secret' };
    expect(() => loadConfig(tillo)).toThrow(/TILLO_API_KEY, TILLO_API_SECRET and TILLO_SECTOR/);
    expect(loadConfig({ ...tillo, TILLO_SECTOR: 'b2c-marketplace' }).voucherSupplier).toEqual({
      name: 'tillo',
      apiUrl: 'https://app.tillo.io/api/v2',
      apiKey: 'key',
      apiSecret: 'secret',
      sector: 'b2c-marketplace',
    });
  });

  it('warns at start when production or a web instance runs without REDIS_URL, and only then', () => {
    const env = { ...production, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(perProcessStateWarning(loadConfig(env))).toMatch(
      /^REDIS_URL is not set: rate limits are counted per process/,
    );
    expect(perProcessStateWarning(loadConfig({ ...env, REDIS_URL: 'redis://127.0.0.1:6379' }))).toBeUndefined();
    expect(perProcessStateWarning(loadConfig({ DATA_DIR: dataDir() }))).toBeUndefined();
    const web = { DATA_DIR: dataDir(), APP_ROLE: 'web', DATABASE_URL: 'postgres://127.0.0.1:5432/test' };
    expect(perProcessStateWarning(loadConfig(web))).toMatch(/^REDIS_URL is not set/);
    expect(perProcessStateWarning(loadConfig({ ...web, REDIS_URL: 'redis://127.0.0.1:6379' }))).toBeUndefined();
  });
});
