import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import type {
  HostedSession,
  HostedSessionLine,
  HostedSessionRequest,
  PaymentEvent,
  PaymentProvider,
  ProviderRefund,
  ProviderRefundRequest,
  ProviderSessionState,
} from '../provider';
import { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature } from '../webhook-signature';
import { type CardField, type CardForm, checkCard } from './cards';
import { payPageUrl } from './pay-page-path';
import {
  findRefund,
  findSessionRow,
  linesOf,
  listRefunds,
  openSession,
  recordDeclinedAttempt,
  recordRefund,
  type SimulatedRefund,
  type SimulatorSessionRow,
  settleDue,
  takeCard,
} from './store';
import { type DeliveryLog, SimulatorWebhookRunner, type WebhookSender } from './webhook-delivery';

/**
 * The payment simulator (decision 016): a stand-in for a third-party payment page. It never reads
 * the app's tables; it knows only what `createHostedSession` told it, as a real provider would,
 * and keeps that in its own tables (decision 056), so every instance of the app serves every page
 * and a restart loses no payment. Outcomes reach the app only as signed webhooks, delivered from
 * rows by `webhooks` (webhook-delivery.ts).
 */
export interface SimulatorOptions {
  /** The simulator's own tables live in the app's database (db/schema/payment-simulator.ts). */
  db: Database;
  /** Base of the hosted page's URL (`<publicUrl>/pay/<id>`). */
  publicUrl: string;
  webhookSecret: string;
  clock?: () => Date;
  /** How long the asynchronous test cards stay processing before they settle (5 s by default). */
  asyncSettleMs?: number;
  /** Delays between webhook delivery attempts. */
  retryDelaysMs?: readonly number[];
  /** How long an instance holds a claimed delivery before another may take it over. */
  leaseMs?: number;
  /** How often due deliveries and settlements are looked for. */
  pollMs?: number;
  log?: DeliveryLog;
}

export interface SimulatedSession {
  readonly id: string;
  readonly checkoutSessionId: string;
  readonly amount: number;
  readonly currency: string;
  readonly lines: readonly HostedSessionLine[];
  readonly successUrl: string;
  readonly pendingUrl: string;
  readonly cancelUrl: string;
  readonly expiresAt: Date;
  readonly state: ProviderSessionState;
}

/** What paying on the hosted page led to: where the browser goes next, or the page again. */
export type CardOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'retry'; errors: Partial<Record<CardField, string>>; declined: boolean }
  | { kind: 'closed'; state: ProviderSessionState };

const SESSION_ID = /^sim_[A-Za-z0-9_-]{16,64}$/;

const webhookBodySchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.object({
      id: z.string(),
      state: z.enum(['open', 'processing', 'paid', 'failed', 'expired']),
    }),
  }),
});

export class PaymentSimulator implements PaymentProvider {
  readonly name = 'simulator' as const;
  /** Settles due payments and delivers due webhooks: `start()`, `stop()`, `runDue()`. */
  readonly webhooks: SimulatorWebhookRunner;
  private readonly db: Database;
  private readonly clock: () => Date;
  private readonly asyncSettleMs: number;
  private sender: WebhookSender | undefined;

  constructor(private readonly options: SimulatorOptions) {
    this.db = options.db;
    this.clock = options.clock ?? (() => new Date());
    this.asyncSettleMs = options.asyncSettleMs ?? 5_000;
    this.webhooks = new SimulatorWebhookRunner({
      db: options.db,
      sender: () => this.sender,
      // Each attempt is signed when it is made, by the process making it: the signature's time is
      // the attempt's, and a per-process secret (production without PAYMENT_WEBHOOK_SECRET) still
      // verifies, since delivery goes to this same process (decision 016).
      sign: (rawBody) => signWebhook(options.webhookSecret, rawBody, this.nowSeconds()),
      clock: this.clock,
      retryDelaysMs: options.retryDelaysMs,
      leaseMs: options.leaseMs,
      pollMs: options.pollMs,
      log: options.log,
    });
  }

  /** The app's webhook endpoint, reached in-process (decision 016). */
  attach(sender: WebhookSender): void {
    this.sender = sender;
  }

  /** Stops delivering and waits for the delivery in progress (the app's onClose). */
  close(): Promise<void> {
    return this.webhooks.stop();
  }

  /** Settles and delivers everything due now, until nothing due is left (tests wait for this). */
  async idle(): Promise<void> {
    while ((await this.webhooks.runDue()) > 0) {}
  }

  async createHostedSession(request: HostedSessionRequest): Promise<HostedSession> {
    // The checkout session's id is the idempotency key: asking twice opens one page.
    const session = await openSession(this.db, request);
    return { providerSessionId: session.id, url: payPageUrl(this.options.publicUrl, session.id) };
  }

  /** An unknown id is reported open: the app's own expiry ends it. A due asynchronous payment settles here. */
  async retrieveSession(providerSessionId: string): Promise<ProviderSessionState> {
    if (!SESSION_ID.test(providerSessionId)) return 'open';
    let row = await findSessionRow(this.db, providerSessionId);
    if (row?.settlesAt && row.settlesAt <= this.clock()) {
      if ((await settleDue(this.db, this.clock(), { sessionId: row.id, limit: 1 })) > 0) this.webhooks.wake();
      row = await findSessionRow(this.db, providerSessionId);
    }
    return row ? this.sessionOf(row).state : 'open';
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent | null {
    verifyWebhookSignature(this.options.webhookSecret, rawBody, headers[SIGNATURE_HEADER], this.nowSeconds());
    const parsed = webhookBodySchema.safeParse(safeJson(rawBody));
    if (!parsed.success) return null;
    return { providerSessionId: parsed.data.data.object.id, state: parsed.data.data.object.state };
  }

  /**
   * Records a refund once per idempotency key, never more than the payment took, as a real
   * provider would (decisions 049 and 063).
   */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    const refund = await recordRefund(this.db, request);
    return { providerRefundId: refund.id };
  }

  async findRefund(
    request: Pick<ProviderRefundRequest, 'providerSessionId' | 'idempotencyKey'>,
  ): Promise<ProviderRefund | null> {
    const refund = await findRefund(this.db, request);
    return refund ? { providerRefundId: refund.id } : null;
  }

  /** Every refund recorded, oldest first. */
  refunds(): Promise<SimulatedRefund[]> {
    return listRefunds(this.db);
  }

  /** The session the hosted page shows; undefined when unknown or expired (the page answers 404). */
  async findSession(id: string): Promise<SimulatedSession | undefined> {
    if (!SESSION_ID.test(id)) return undefined;
    const row = await findSessionRow(this.db, id);
    if (!row) return undefined;
    const session = this.sessionOf(row);
    return session.state === 'expired' ? undefined : session;
  }

  /** A card submitted on the hosted page. Only an open session takes a payment, once. */
  async payWithCard(session: SimulatedSession, form: CardForm): Promise<CardOutcome> {
    if (session.state !== 'open') return { kind: 'closed', state: session.state };
    const now = this.clock();
    const check = checkCard(form, now);
    if (!check.ok) return { kind: 'retry', errors: check.errors, declined: false };
    if (check.behaviour === 'declined') {
      // Nothing is charged and the page stays open; the app hears of the attempt all the same.
      const row = await findSessionRow(this.db, session.id);
      if (row) await recordDeclinedAttempt(this.db, row, now);
      this.webhooks.wake();
      return { kind: 'retry', errors: {}, declined: true };
    }
    const taken = await takeCard(
      this.db,
      session.id,
      check.behaviour === 'paid'
        ? { state: 'paid' }
        : {
            state: 'processing',
            settlesAt: new Date(now.getTime() + this.asyncSettleMs),
            settlesTo: check.behaviour === 'async-paid' ? 'paid' : 'failed',
          },
      now,
    );
    if (!taken) {
      // Paid meanwhile elsewhere (another tab, another instance), or expired: the page says so.
      const row = await findSessionRow(this.db, session.id);
      return { kind: 'closed', state: row ? this.sessionOf(row).state : 'expired' };
    }
    this.webhooks.wake();
    return { kind: 'redirect', location: taken.state === 'paid' ? taken.successUrl : taken.pendingUrl };
  }

  /** The row as the page sees it: an open session past its expiry reads as expired. */
  private sessionOf(row: SimulatorSessionRow): SimulatedSession {
    const expired = row.state === 'open' && this.clock() >= row.expiresAt;
    return {
      id: row.id,
      checkoutSessionId: row.checkoutSessionId,
      amount: row.amount,
      currency: row.currency,
      lines: linesOf(row),
      successUrl: row.successUrl,
      pendingUrl: row.pendingUrl,
      cancelUrl: row.cancelUrl,
      expiresAt: row.expiresAt,
      state: expired ? 'expired' : row.state,
    };
  }

  private nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }
}

function safeJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}
