import type { CheckoutSessionRequest } from '@gvm/contract';
import type { FastifyServerOptions } from 'fastify';
import type { VoucherSupplier } from '../../src/adapters/suppliers';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { type Config, testConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { type ProductRow, products } from '../../src/db/schema';
import type { CodeIssuerOptions } from '../../src/modules/vouchers';
import { fixtureProduct } from '../fixtures';
import { createTestDatabase, type TestContext } from '../helpers';
import { createTestClock, type TestClock } from './app';
import { createFakePayments, type FakePayments } from './fake-payments';
import { sendAs } from './requests';
import type { TestUser } from './users';

export interface CheckoutTestContext extends TestContext {
  clock: TestClock;
  payments: FakePayments;
  /** Argos: £5-£500 ranges; Tesco: supermarket (uses a PIN), denominations only £10 and £25. */
  argos: ProductRow;
  tesco: ProductRow;
  dunnes: ProductRow;
}

/**
 * The whole app on a fresh database (or the given one) with a steerable payment provider, a clock
 * and three products; silent unless given a logger (the log-secrets test reads what the real
 * logger writes). `config`, `supplier` and `codeIssuer` set where and how codes are bought.
 */
export async function createCheckoutTestApp(
  options: {
    logger?: FastifyServerOptions['logger'];
    config?: Partial<Config>;
    supplier?: VoucherSupplier;
    codeIssuer?: Partial<CodeIssuerOptions>;
    database?: DatabaseHandle;
  } = {},
): Promise<CheckoutTestContext> {
  const database = options.database ?? (await createTestDatabase());
  const clock = createTestClock();
  const payments = createFakePayments();
  const logger = options.logger ?? false;
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    logger,
    clock: clock.now,
    payments,
    ...(options.supplier ? { supplier: options.supplier } : {}),
    ...(options.codeIssuer ? { codeIssuer: options.codeIssuer } : {}),
  });
  await app.ready();
  const rows = await app.db
    .insert(products)
    .values([
      fixtureProduct({
        code: 'ARGOS-GB',
        merchantName: 'Argos',
        minPrice: 500,
        maxPrice: 50000,
        denominations: [],
        supplierBrand: 'argos',
      }),
      fixtureProduct({
        code: 'TESCO-GB',
        merchantName: 'Tesco',
        category: 'supermarkets',
        minPrice: 1000,
        maxPrice: 1000,
        denominations: [1000, 2500],
        supplierBrand: 'tesco',
      }),
      fixtureProduct({
        code: 'DUNNES-IE',
        merchantName: 'Dunnes',
        currency: 'EUR',
        countries: ['IE'],
        supplierBrand: 'dunnes',
      }),
    ])
    .returning();
  const [argos, tesco, dunnes] = rows;
  if (!argos || !tesco || !dunnes) throw new Error('seeding the checkout products failed');
  return {
    app,
    database,
    clock,
    payments,
    argos,
    tesco,
    dunnes,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface LineSpec {
  product: ProductRow;
  /** Major units. */
  value: number;
  quantity?: number;
  recipients?: { name: string; email: string; message?: string }[];
}

/** A checkout payload as the web app builds it (docs/product/buying.md#checkout-session), with the client's own (untrusted) totals. */
export function checkoutPayload(
  lines: LineSpec[],
  extra: Partial<CheckoutSessionRequest> = {},
): CheckoutSessionRequest {
  const items = lines.map((line) => ({
    id: line.product.id,
    name: line.product.merchantName,
    currency: 'GBP',
    value: line.value,
    quantity: line.quantity ?? 1,
    image: '',
    productCode: line.product.code,
    merchant: { name: line.product.merchantName, distributionMethod: 'EMAIL' as const },
    isGift: (line.recipients?.length ?? 0) > 0,
  }));
  const recipients = lines.flatMap((line) =>
    (line.recipients ?? []).map((recipient) => ({
      itemId: line.product.id,
      itemName: line.product.merchantName,
      isGift: true,
      ...recipient,
    })),
  );
  const total = lines.reduce((sum, line) => sum + line.value * (line.quantity ?? 1), 0);
  return {
    mongoUserId: 'ignored',
    items,
    recipients,
    orderDetails: {
      userType: 'consumer',
      currency: 'GBP',
      valuePurchased: total,
      usageLimit: 1,
      totalItems: items.length,
    },
    paymentMethod: 'card',
    ...extra,
  };
}

export interface StartedCheckout {
  url: string;
  providerSessionId: string;
  /** The poll key, read from the success URL the provider was given. */
  key: string;
}

/** Opens a checkout session as `user` and answers what the browser and the provider learnt. */
export async function startCheckout(
  app: App,
  payments: FakePayments,
  user: TestUser,
  payload: CheckoutSessionRequest,
): Promise<StartedCheckout> {
  const response = await sendAs(app, 'POST', '/wallets/checkout-session', user, payload);
  if (response.statusCode !== 200) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  const request = payments.requests.at(-1);
  const key = request
    ? new URL(request.successUrl.replace('{CHECKOUT_SESSION_ID}', 'x')).searchParams.get('key')
    : null;
  if (!key) throw new Error('the provider was given no poll key');
  return { url: response.json<{ url: string }>().url, providerSessionId: payments.sessionId(), key };
}

/** The value, or a failed test naming what was missing (instead of a non-null assertion). */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}
