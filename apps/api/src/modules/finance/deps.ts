import type { PaymentProvider } from '../../adapters/payments/provider';
import type { Config } from '../../config';
import type { Actor } from '../ops';

/** What the money tools need from the app (docs/product/operators.md#money). */
export interface FinanceDeps {
  config: Config;
  payments: PaymentProvider;
}

/** The operator acting, and when. */
export interface Acting {
  actor: Actor;
  now: Date;
}
