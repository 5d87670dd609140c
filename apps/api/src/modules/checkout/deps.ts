import type { App } from '../../app-types';
import type { CheckoutDeps } from './service';

/** The app's services as checkout needs them (routes and webhooks pass this). */
export function checkoutDepsOf(app: App): CheckoutDeps {
  return { config: app.appConfig, clock: app.clock, payments: app.payments };
}
