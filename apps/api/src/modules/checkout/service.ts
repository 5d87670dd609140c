import { createHash, randomBytes } from 'node:crypto';
import {
  CARD_ONLY_MESSAGE,
  CHECKOUT_SESSION_TTL_MINUTES,
  type CheckoutSessionRequest,
  EMPTY_CART_MESSAGE,
  formatMoney,
  MISSING_NAME_MESSAGE,
  toMajorUnits,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutSessions } from '../../db/schema/checkout';
import { AppError } from '../../lib/errors';
import { findProductsByIds } from '../catalog';
import { getCurrentUser } from '../users';
import type { CheckoutDeps } from './deps';
import { priceCheckout } from './pricing';
import type { CheckoutSnapshot } from './snapshot';

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'We could not open the payment page just now. Nothing has been charged. Please try again in a moment.';

const TTL_MS = CHECKOUT_SESSION_TTL_MINUTES * 60_000;

export function hashPollKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const rule = (message: string) => new AppError('BUSINESS_RULE', message);

/**
 * POST /wallets/checkout-session: checks the buyer and the payload, reprices every line from the
 * catalogue, records the session, then asks the provider for its hosted page. If the provider
 * fails, the row is marked failed (nothing can be paid on it) and the caller gets a 503.
 */
export async function createCheckoutSession(
  db: Database,
  deps: CheckoutDeps,
  userId: string,
  body: CheckoutSessionRequest,
): Promise<{ url: string }> {
  if ((body.paymentMethod ?? 'card').trim().toLowerCase() !== 'card') throw rule(CARD_ONLY_MESSAGE);
  const buyer = await getCurrentUser(db, userId);
  const buyerName = buyer.consumer.name?.trim() ?? '';
  if (!buyerName) throw rule(MISSING_NAME_MESSAGE);
  if (body.items.length === 0) throw rule(EMPTY_CART_MESSAGE);

  const catalogue = await findProductsByIds(
    db,
    body.items.map((item) => item.id),
  );
  const { lines, amount, currency } = priceCheckout(body, catalogue);
  const snapshot: CheckoutSnapshot = { buyer: { name: buyerName, email: buyer.email }, lines };

  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const pollKey = randomBytes(16).toString('base64url');
  const [session] = await db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: deps.payments.name,
      pollKeyHash: hashPollKey(pollKey),
      amount,
      currency,
      items: snapshot,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: checkoutSessions.id });
  if (!session) throw new Error('inserting a checkout session returned no row');

  const base = deps.config.publicUrl;
  try {
    const hosted = await deps.payments.createHostedSession({
      checkoutSessionId: session.id,
      amount,
      currency,
      lines: lines.map((line) => ({
        name: `${line.merchantName} gift card ${formatMoney(toMajorUnits(line.unitAmount), line.currency)}`,
        unitAmount: line.unitAmount,
        quantity: line.quantity,
      })),
      customerEmail: buyer.email,
      successUrl: `${base}/confirmation?session_id={CHECKOUT_SESSION_ID}&key=${pollKey}`,
      pendingUrl: `${base}/confirmation?session_id=pending&key=${pollKey}`,
      cancelUrl: `${base}/checkout`,
      expiresAt,
    });
    await db
      .update(checkoutSessions)
      .set({ providerSessionId: hosted.providerSessionId, updatedAt: deps.clock() })
      .where(eq(checkoutSessions.id, session.id));
    return { url: hosted.url };
  } catch (error) {
    await db
      .update(checkoutSessions)
      .set({ status: 'failed', updatedAt: deps.clock() })
      .where(eq(checkoutSessions.id, session.id));
    throw Object.assign(new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE), { cause: error });
  }
}
