import type { PaymentProvider } from '../../adapters/payments/provider';
import type { Config } from '../../config';
import type { KeyedQueue } from '../../lib/keyed-queue';
import type { Actor } from '../operators';

/** What the money tools need from the app (docs/product/operators.md#money). */
export interface FinanceDeps {
  config: Config;
  payments: PaymentProvider;
  /**
   * The money moves of one customer, one at a time in this process (decision 063): requests wait
   * here, holding no database connection, for those before them.
   */
  queue: KeyedQueue;
}

/** The operator acting, and when. */
export interface Acting {
  actor: Actor;
  now: Date;
}
