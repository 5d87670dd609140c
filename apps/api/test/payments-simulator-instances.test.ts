import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSimulator, SIMULATOR_WEBHOOK_URL } from '../src/adapters/payments';
import { claimDueDeliveries, deliveriesOf } from '../src/adapters/payments/simulator/store';
import { DEFAULT_LEASE_MS } from '../src/adapters/payments/simulator/webhook-delivery';
import type { App } from '../src/app-types';
import { checkoutSessions, orders, type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestClock } from './support/app';
import { defined } from './support/checkout';
import { createSharedDatabase, type Instance, type SharedDatabase, startInstance } from './support/instances';
import { openCheckout, payOnPage, personalCheckout } from './support/payments';
import { createUserAndToken } from './support/users';

/**
 * The payment simulator behind a load balancer (decision 056): its sessions and webhook
 * deliveries are rows in the one database, so a page opened through one instance is served and
 * paid on another, survives a restart, and each event is delivered once, by whichever instance
 * claims it, even when the instance that claimed it first stops before delivering.
 */
let shared: SharedDatabase;
const clock = createTestClock();
let argos: ProductRow;
const instances: Instance[] = [];
/** Webhook requests answered by any instance (each counts its own). */
const webhooksSeen: string[] = [];

async function instance(): Promise<Instance> {
  const started = await startInstance(shared, clock, {}, (app) => {
    app.addHook('onResponse', async (request) => {
      if (request.url === SIMULATOR_WEBHOOK_URL) webhooksSeen.push(String(request.id));
    });
  });
  instances.push(started);
  return started;
}

const simulatorOf = (app: App) => {
  if (!(app.payments instanceof PaymentSimulator)) throw new Error('the app is not on the simulator');
  return app.payments;
};

const sessionIdOf = (url: string) => defined(new URL(url).pathname.split('/').at(-1), 'session id');

async function ordersOf(app: App, providerSessionId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(orders)
    .innerJoin(checkoutSessions, eq(orders.checkoutSessionId, checkoutSessions.id))
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row?.n ?? 0;
}

async function statusOf(app: App, providerSessionId: string) {
  const [row] = await app.db
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row?.status;
}

beforeAll(async () => {
  shared = await createSharedDatabase();
  const setup = await shared.connect();
  const [inserted] = await setup.db
    .insert(products)
    .values(
      fixtureProduct({ code: 'ARGOS-GB', merchantName: 'Argos', minPrice: 500, maxPrice: 50000, denominations: [] }),
    )
    .returning();
  argos = defined(inserted, 'product');
  await setup.close();
});
// Each test stops the instances it started: an earlier test's runner, polling on its own timer,
// would otherwise claim a delivery a later test waits for its own instance to claim.
afterEach(async () => {
  for (const running of instances.splice(0)) await running.close().catch(() => undefined);
});
afterAll(async () => {
  await shared?.close();
});

describe('the payment simulator on two instances of one database', () => {
  it('pays on instance B a checkout opened through instance A, and fulfils it once', async () => {
    const [a, b] = [await instance(), await instance()];
    const buyer = await createUserAndToken(a.app, { name: 'Ada Buyer' });
    const sessionId = sessionIdOf(await openCheckout(a.app, buyer, personalCheckout(argos, 25, 2)));

    const page = await b.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay £50.00');
    const seenBefore = webhooksSeen.length;
    const paid = await payOnPage(b.app, sessionId, { cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(303);
    // Both instances look for due deliveries at once, several times over: one of them sends it.
    await Promise.all([1, 2, 3].flatMap(() => [simulatorOf(a.app).idle(), simulatorOf(b.app).idle()]));

    expect(await statusOf(a.app, sessionId)).toBe('paid');
    expect(await ordersOf(a.app, sessionId)).toBe(2);
    expect(webhooksSeen.length - seenBefore).toBe(1);
    expect(await deliveriesOf(a.app.db, sessionId)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
    // Paying again on the other instance is refused: the page is closed.
    const again = await payOnPage(a.app, sessionId, { cardNumber: '4242424242424242' });
    expect(again.statusCode).toBe(200);
    expect(await ordersOf(a.app, sessionId)).toBe(2);
  });

  it('keeps a pending payment page across a restart of the only instance', async () => {
    const before = await instance();
    const buyer = await createUserAndToken(before.app, { name: 'Ada Buyer' });
    const sessionId = sessionIdOf(await openCheckout(before.app, buyer, personalCheckout(argos, 10)));
    await before.close();

    const after = await instance();
    const page = await after.app.inject({ method: 'GET', url: `/pay/${sessionId}` });
    expect(page.statusCode).toBe(200);
    await payOnPage(after.app, sessionId, { cardNumber: '4242424242424242' });
    await simulatorOf(after.app).idle();
    expect(await statusOf(after.app, sessionId)).toBe('paid');
    expect(await ordersOf(after.app, sessionId)).toBe(1);
  });

  it('settles an asynchronous payment taken before a restart, after it', async () => {
    const before = await instance();
    const buyer = await createUserAndToken(before.app, { name: 'Ada Buyer' });
    const sessionId = sessionIdOf(await openCheckout(before.app, buyer, personalCheckout(argos, 15)));
    await payOnPage(before.app, sessionId, { cardNumber: '4000000000003220' });
    await simulatorOf(before.app).idle();
    expect(await statusOf(before.app, sessionId)).toBe('processing');
    await before.close();

    const after = await instance();
    clock.advance(5_000);
    await simulatorOf(after.app).idle();
    // The instance's own timer runs rounds too: one of them may hold the payment (FOR UPDATE SKIP
    // LOCKED) while this round passes it by, and settle it a moment later. Whichever does, it is
    // settled and fulfilled once.
    await expect.poll(() => statusOf(after.app, sessionId)).toBe('paid');
    expect(await ordersOf(after.app, sessionId)).toBe(1);
  });

  it('delivers, from another instance, a webhook whose claimant stopped before delivering it', async () => {
    const a = await instance();
    const buyer = await createUserAndToken(a.app, { name: 'Ada Buyer' });
    const sessionId = sessionIdOf(await openCheckout(a.app, buyer, personalCheckout(argos, 20)));
    // Instance A takes the card and claims the event, then stops before sending it: its sender
    // never answers, as a process that died mid-delivery never does.
    let release: (status: number) => void = () => {};
    let claimed: () => void = () => {};
    const claimedByA = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    simulatorOf(a.app).attach(() => {
      claimed();
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    });
    await payOnPage(a.app, sessionId, { cardNumber: '4242424242424242' });
    await claimedByA;
    // B starts only now: its runner's own rounds could otherwise take the delivery before A did.
    const b = await instance();
    expect(await deliveriesOf(b.app.db, sessionId)).toMatchObject([{ status: 'pending', attempts: 1 }]);

    // While A's lease holds, B leaves the delivery alone.
    expect(await simulatorOf(b.app).webhooks.runDue()).toBe(0);
    expect(await statusOf(b.app, sessionId)).toBe('open');

    clock.advance(DEFAULT_LEASE_MS);
    await simulatorOf(b.app).idle();
    expect(await statusOf(b.app, sessionId)).toBe('paid');
    expect(await ordersOf(b.app, sessionId)).toBe(1);

    // A's stale claim, should its attempt ever end, records nothing over B's delivery.
    release(503);
    await a.close();
    expect(await deliveriesOf(b.app.db, sessionId)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
    expect(await simulatorOf(b.app).webhooks.runDue()).toBe(0);
  });

  it('lets one of two instances claiming at once take each delivery', async () => {
    const [a, b] = [await instance(), await instance()];
    const buyer = await createUserAndToken(a.app, { name: 'Ada Buyer' });
    const sessionId = sessionIdOf(await openCheckout(a.app, buyer, personalCheckout(argos, 30)));
    // Taken and queued without either runner sending it yet: both simulators are stopped first.
    await simulatorOf(a.app).close();
    await simulatorOf(b.app).close();
    await payOnPage(a.app, sessionId, { cardNumber: '4242424242424242' });
    const claims = await Promise.all(
      [a, b, a, b].map((running) => claimDueDeliveries(running.app.db, clock.now(), DEFAULT_LEASE_MS, 10)),
    );
    expect(claims.flat().map((row) => row.sessionId)).toEqual([sessionId]);
  });
});
