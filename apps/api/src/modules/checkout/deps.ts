import type { PaymentProvider } from '../../adapters/payments/provider';
import type { App } from '../../app-types';
import type { Config } from '../../config';

/** What checkout needs from the app; H5's webhook routes pass `checkoutDepsOf(app)`. */
export interface CheckoutDeps {
  config: Config;
  clock: () => Date;
  payments: PaymentProvider;
}

/** The app's services as checkout needs them (routes and webhooks pass this). */
export function checkoutDepsOf(app: App): CheckoutDeps {
  return { config: app.appConfig, clock: app.clock, payments: app.payments };
}
