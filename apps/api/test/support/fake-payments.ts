import { randomBytes } from 'node:crypto';
import {
  type HostedSession,
  type HostedSessionRequest,
  type PaymentProvider,
  type ProviderRefundRequest,
  ProviderRefusedError,
  type ProviderSessionState,
} from '../../src/adapters/payments/provider';

/**
 * A payment provider a test steers by hand: it records each hosted-session request, answers
 * `retrieveSession` with whatever state the test set, and can be told to fail.
 */
export interface FakePayments extends PaymentProvider {
  readonly requests: HostedSessionRequest[];
  /** The provider's id of the n-th hosted session (0 = first). */
  sessionId(index?: number): string;
  setState(providerSessionId: string, state: ProviderSessionState): void;
  /** The next `createHostedSession` calls throw (the provider is down). */
  failCreation(failing: boolean): void;
  retrieveCalls: number;
  /** Refunds made (one per idempotency key, as a provider keeps them), and every call. */
  readonly refunds: (ProviderRefundRequest & { id: string })[];
  refundCalls: number;
  /**
   * How the next `refund` calls behave: a delay in ms before answering; `fail`: the provider
   * refuses (ProviderRefusedError); `lose`: the refund is made but its answer is lost (a timeout),
   * or with `lose: 'before'` the call fails before reaching the provider.
   */
  refundBehaviour: { delayMs: number; fail: boolean; lose?: 'after' | 'before' | undefined };
  findRefundCalls: number;
}

export function createFakePayments(): FakePayments {
  const requests: HostedSessionRequest[] = [];
  const ids: string[] = [];
  const states = new Map<string, ProviderSessionState>();
  let failing = false;
  const refundsByKey = new Map<string, ProviderRefundRequest & { id: string }>();
  const fake: FakePayments = {
    name: 'simulator',
    requests,
    retrieveCalls: 0,
    refunds: [],
    refundCalls: 0,
    findRefundCalls: 0,
    refundBehaviour: { delayMs: 0, fail: false },
    async refund(request) {
      fake.refundCalls += 1;
      const { delayMs, fail, lose } = fake.refundBehaviour;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail) throw new ProviderRefusedError('provider refused the refund');
      if (lose === 'before') throw new Error('connect ETIMEDOUT');
      const existing = refundsByKey.get(request.idempotencyKey);
      if (
        existing &&
        (existing.amount !== request.amount || existing.providerSessionId !== request.providerSessionId)
      ) {
        throw new ProviderRefusedError('idempotency key reused with other parameters');
      }
      const made = existing ?? { ...request, id: `re_fake_${randomBytes(6).toString('hex')}` };
      if (!existing) {
        refundsByKey.set(request.idempotencyKey, made);
        fake.refunds.push(made);
      }
      if (lose === 'after') throw new Error('read ETIMEDOUT');
      return { providerRefundId: made.id };
    },
    async findRefund(request) {
      fake.findRefundCalls += 1;
      const made = refundsByKey.get(request.idempotencyKey);
      return made && made.providerSessionId === request.providerSessionId ? { providerRefundId: made.id } : null;
    },
    async createHostedSession(request): Promise<HostedSession> {
      if (failing) throw new Error('provider unavailable');
      requests.push(request);
      const providerSessionId = `fake_${randomBytes(8).toString('hex')}`;
      ids.push(providerSessionId);
      states.set(providerSessionId, 'open');
      return { providerSessionId, url: `https://pay.example.test/${providerSessionId}` };
    },
    async retrieveSession(providerSessionId) {
      fake.retrieveCalls += 1;
      return states.get(providerSessionId) ?? 'open';
    },
    parseWebhook() {
      return null;
    },
    sessionId(index = ids.length - 1) {
      const id = ids.at(index);
      if (!id) throw new Error('no hosted session was created');
      return id;
    },
    setState(providerSessionId, state) {
      states.set(providerSessionId, state);
    },
    failCreation(value) {
      failing = value;
    },
  };
  return fake;
}
