import type { App } from '../../src/app-types';
import { type CheckoutTestContext, checkoutPayload, defined, startCheckout } from './checkout';
import { latestMailTo } from './mail';
import { sendAs } from './requests';
import { nextIp } from './sign-in';
import type { TestUser } from './users';

export interface BoughtGift {
  orderId: string;
  /** The claim token, read from the gift e-mail the recipient was sent. */
  token: string;
  /** The whole claim link as the e-mail gives it. */
  link: string;
}

/**
 * Buys one Argos gift voucher for `recipient` through the real checkout (fake provider, paid,
 * fulfilled by the verify call) and reads the claim link from the e-mail queued for them.
 */
export async function buyGift(
  ctx: CheckoutTestContext,
  buyer: TestUser,
  recipient: { name: string; email: string; message?: string },
  value = 25,
): Promise<BoughtGift> {
  const started = await startCheckout(
    ctx.app,
    ctx.payments,
    buyer,
    checkoutPayload([{ product: ctx.argos, value, recipients: [recipient] }]),
  );
  ctx.payments.setState(started.providerSessionId, 'paid');
  const verified = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, buyer);
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  const [order] = verified.json<{ orders: { _id: string }[] }>().orders;
  const mail = await latestMailTo(ctx.app, recipient.email.trim().toLowerCase());
  const link = defined(/https?:\/\/\S+\/gift\/[\w-]+/.exec(mail.text)?.[0], 'claim link in the gift e-mail');
  const token = defined(/\/gift\/([\w-]+)/.exec(link)?.[1], 'claim token');
  return { orderId: defined(order, 'order')._id, token, link };
}

/** An API call as `as` from a given (or a fresh) IP address, so per-IP limits are under the test's control. */
export function sendFrom(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  as: TestUser | null,
  payload?: object,
  ip = nextIp(),
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: as?.headers ?? {},
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });
}
