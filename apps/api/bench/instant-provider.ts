import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderSessionState } from '../src/adapters/payments/provider';

/** A provider that opens a page and says "paid" at once (its own latency is not ours to measure). */
export function instantProvider(): PaymentProvider {
  return {
    name: 'simulator',
    refund: async () => ({ providerRefundId: `bench_re_${randomBytes(6).toString('hex')}` }),
    findRefund: async () => null,
    createHostedSession: async () => {
      const providerSessionId = `bench_${randomBytes(12).toString('hex')}`;
      return { providerSessionId, url: `https://pay.example.test/${providerSessionId}` };
    },
    retrieveSession: async (): Promise<ProviderSessionState> => 'paid',
    parseWebhook: () => null,
  };
}
