import type { CheckoutSessionRequest } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { PaymentSimulator, type SimulatorOptions } from '../../src/adapters/payments';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { type Config, testConfig } from '../../src/config';
import { checkoutSessions, type ProductRow, products } from '../../src/db/schema';
import { fixtureProduct } from '../fixtures';
import { createTestDatabase, type TestContext } from '../helpers';
import { createTestClock, type TestClock } from './app';
import { sendAs } from './requests';
import type { TestUser } from './users';

export interface PaymentsTestContext extends TestContext {
  clock: TestClock;
  argos: ProductRow;
}

/**
 * The whole app on a fresh database with one product (Argos, £5-£500) and the payment provider
 * `config` names; `simulator` gives the simulator's timings (tests make the async cards fast).
 * Silent unless given a logger.
 */
export async function createPaymentsTestApp(
  overrides: Partial<Config> = {},
  simulator?: Partial<Omit<SimulatorOptions, 'db'>>,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<PaymentsTestContext & { simulator: PaymentSimulator | undefined }> {
  const database = await createTestDatabase();
  const clock = createTestClock();
  const config = testConfig(overrides);
  const payments = simulator
    ? new PaymentSimulator({
        db: database.db,
        publicUrl: config.publicUrl,
        webhookSecret: config.paymentWebhookSecret,
        clock: clock.now,
        ...simulator,
      })
    : undefined;
  const app = await buildApp({ config, database, logger: options.logger ?? false, clock: clock.now, payments });
  await app.ready();
  const [argos] = await app.db
    .insert(products)
    .values(
      fixtureProduct({ code: 'ARGOS-GB', merchantName: 'Argos', minPrice: 500, maxPrice: 50000, denominations: [] }),
    )
    .returning();
  if (!argos) throw new Error('seeding the product failed');
  return {
    app,
    database,
    clock,
    argos,
    simulator: payments,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A checkout of `quantity` Argos vouchers of `value` pounds each, for the buyer themself. */
export function personalCheckout(argos: ProductRow, value: number, quantity = 1): CheckoutSessionRequest {
  return {
    items: [
      {
        id: argos.id,
        name: 'Argos',
        currency: 'GBP',
        value,
        quantity,
        merchant: { name: 'Argos', distributionMethod: 'EMAIL' },
        isGift: false,
      },
    ],
    recipients: [],
    paymentMethod: 'card',
  };
}

/** Opens a checkout session through the API and answers the payment page's URL. */
export async function openCheckout(app: App, buyer: TestUser, payload: CheckoutSessionRequest): Promise<string> {
  const response = await sendAs(app, 'POST', '/wallets/checkout-session', buyer, payload);
  if (response.statusCode !== 200) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return response.json<{ url: string }>().url;
}

/** The status of the checkout session the provider knows as `providerSessionId`. */
export async function checkoutStatusOf(app: App, providerSessionId: string): Promise<string | undefined> {
  const [row] = await app.db
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row?.status;
}

/** Submits the hosted card form as a browser does (urlencoded POST). */
export function payOnPage(
  app: App,
  sessionId: string,
  card: { cardNumber?: string; expiry?: string; cvc?: string; name?: string },
) {
  const form = { cardNumber: '', expiry: '12/40', cvc: '123', name: 'Ada Buyer', ...card };
  return app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The page's text as a reader sees it: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
