import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
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
import { DEFAULT_RETRY_DELAYS_MS, type DeliveryLog, WebhookDelivery, type WebhookSender } from './webhook-delivery';

/**
 * The payment simulator (decision 016): a stand-in for a third-party payment page, kept in this
 * process's memory. It never reads the app's tables; it knows only what `createHostedSession`
 * told it, as a real provider would. Outcomes reach the app only as signed webhooks.
 */
export interface SimulatorOptions {
  /** Base of the hosted page's URL (`<publicUrl>/pay/<id>`). */
  publicUrl: string;
  webhookSecret: string;
  clock?: () => Date;
  /** How long the asynchronous test cards stay processing before they settle (5 s by default). */
  asyncSettleMs?: number;
  /** Delays between webhook delivery attempts. */
  retryDelaysMs?: readonly number[];
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
  state: ProviderSessionState;
}

/** A refund the simulator recorded, as a provider's dashboard would list it. */
export interface SimulatedRefund extends ProviderRefundRequest {
  readonly id: string;
}

/** What paying on the hosted page led to: where the browser goes next, or the page again. */
export type CardOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'retry'; errors: Partial<Record<CardField, string>>; declined: boolean }
  | { kind: 'closed'; state: ProviderSessionState };

const SESSION_ID = /^sim_[A-Za-z0-9_-]{16,64}$/;
/** Sessions are forgotten this long after they expire (the page answers 404 from expiry on). */
const RETAIN_AFTER_EXPIRY_MS = 60 * 60_000;

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
  private readonly sessions = new Map<string, SimulatedSession>();
  private readonly byCheckoutSession = new Map<string, string>();
  /** Refunds by idempotency key: asking again with a key answers the same refund. */
  private readonly refundsByKey = new Map<string, SimulatedRefund>();
  private readonly clock: () => Date;
  private readonly asyncSettleMs: number;
  private readonly delivery: WebhookDelivery;
  private sender: WebhookSender | undefined;
  private lastSweep = 0;

  constructor(private readonly options: SimulatorOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.asyncSettleMs = options.asyncSettleMs ?? 5_000;
    this.delivery = new WebhookDelivery(
      () => this.sender,
      (rawBody) => signWebhook(options.webhookSecret, rawBody, this.nowSeconds()),
      options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      options.log,
    );
  }

  /** The app's webhook endpoint, reached in-process (decision 016). */
  attach(sender: WebhookSender): void {
    this.sender = sender;
  }

  /** Stops settling and retrying, and waits for the delivery in progress (the app's onClose). */
  close(): Promise<void> {
    return this.delivery.close();
  }

  /** Resolves once every settled outcome has been delivered or given up on. */
  idle(): Promise<void> {
    return this.delivery.idle();
  }

  async createHostedSession(request: HostedSessionRequest): Promise<HostedSession> {
    this.sweep();
    // The checkout session's id is the idempotency key: asking twice opens one page.
    const existing = this.byCheckoutSession.get(request.checkoutSessionId);
    const id = existing ?? `sim_${randomBytes(18).toString('base64url')}`;
    if (!existing) {
      this.sessions.set(id, {
        id,
        checkoutSessionId: request.checkoutSessionId,
        amount: request.amount,
        currency: request.currency,
        lines: request.lines.map((line) => ({ ...line })),
        successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
        pendingUrl: request.pendingUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
        state: 'open',
      });
      this.byCheckoutSession.set(request.checkoutSessionId, id);
    }
    return { providerSessionId: id, url: `${this.options.publicUrl}/pay/${id}` };
  }

  /** An unknown id (e.g. from before a restart) is reported open: the app's own expiry ends it. */
  async retrieveSession(providerSessionId: string): Promise<ProviderSessionState> {
    const session = this.sessions.get(providerSessionId);
    if (!session) return 'open';
    return this.expireIfDue(session).state;
  }

  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent | null {
    verifyWebhookSignature(this.options.webhookSecret, rawBody, headers[SIGNATURE_HEADER], this.nowSeconds());
    const parsed = webhookBodySchema.safeParse(safeJson(rawBody));
    if (!parsed.success) return null;
    return { providerSessionId: parsed.data.data.object.id, state: parsed.data.data.object.state };
  }

  /** Records a refund once per idempotency key, as a real provider would (decision 049). */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
    const existing = this.refundsByKey.get(request.idempotencyKey);
    if (existing) return { providerRefundId: existing.id };
    const refund: SimulatedRefund = { ...request, id: `sim_re_${randomBytes(12).toString('base64url')}` };
    this.refundsByKey.set(request.idempotencyKey, refund);
    return { providerRefundId: refund.id };
  }

  /** Every refund recorded, oldest first. */
  refunds(): SimulatedRefund[] {
    return [...this.refundsByKey.values()];
  }

  /** The session the hosted page shows; undefined when unknown or expired (the page answers 404). */
  findSession(id: string): SimulatedSession | undefined {
    if (!SESSION_ID.test(id)) return undefined;
    const session = this.sessions.get(id);
    if (!session || this.expireIfDue(session).state === 'expired') return undefined;
    return session;
  }

  /** A card submitted on the hosted page. Only an open session takes a payment, once. */
  payWithCard(session: SimulatedSession, form: CardForm): CardOutcome {
    if (session.state !== 'open') return { kind: 'closed', state: session.state };
    const check = checkCard(form, this.clock());
    if (!check.ok) return { kind: 'retry', errors: check.errors, declined: false };
    switch (check.behaviour) {
      case 'declined':
        // Nothing is charged and the page stays open; the app hears of the attempt all the same.
        this.announce(session, 'payment_attempt.declined');
        return { kind: 'retry', errors: {}, declined: true };
      case 'paid':
        this.settle(session, 'paid');
        return { kind: 'redirect', location: session.successUrl };
      case 'async-paid':
      case 'async-failed': {
        this.settle(session, 'processing');
        const final = check.behaviour === 'async-paid' ? 'paid' : 'failed';
        this.delivery.later(this.asyncSettleMs, () => this.settle(session, final));
        return { kind: 'redirect', location: session.pendingUrl };
      }
    }
  }

  private settle(session: SimulatedSession, state: ProviderSessionState): void {
    session.state = state;
    this.announce(session, `payment_session.${state}`);
  }

  private announce(session: SimulatedSession, type: string): void {
    const id = `evt_${randomUUID()}`;
    const body = {
      id,
      type,
      created: this.nowSeconds(),
      data: {
        object: {
          id: session.id,
          checkoutSessionId: session.checkoutSessionId,
          state: session.state,
          amount: session.amount,
          currency: session.currency,
        },
      },
    };
    this.delivery.deliver(JSON.stringify(body), id);
  }

  private expireIfDue(session: SimulatedSession): SimulatedSession {
    if (session.state === 'open' && this.clock() >= session.expiresAt) session.state = 'expired';
    return session;
  }

  /** Forgets long-expired sessions, at most once a minute, so memory stays bounded. */
  private sweep(): void {
    const now = this.clock().getTime();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, session] of this.sessions) {
      if (session.expiresAt.getTime() + RETAIN_AFTER_EXPIRY_MS < now) {
        this.sessions.delete(id);
        this.byCheckoutSession.delete(session.checkoutSessionId);
      }
    }
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
