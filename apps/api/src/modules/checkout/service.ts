import { createHash, randomBytes } from 'node:crypto';
import {
  CARD_ONLY_MESSAGE,
  CHECKOUT_SESSION_TTL_MINUTES,
  type CheckoutSessionRequest,
  CREDIT_OVER_TOTAL_MESSAGE,
  EMPTY_CART_MESSAGE,
  formatMoney,
  MISSING_NAME_MESSAGE,
  toMajorUnits,
  toMinorUnits,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutSessions } from '../../db/schema/checkout';
import { AppError } from '../../lib/errors';
import { findProductsByIds, findProductsNotOnSale } from '../catalog';
import { getCurrentUser } from '../users';
import { holdCredit, releaseCreditHold } from '../wallets';
import { releaseDueCreditHolds } from './credit-holds';
import type { CheckoutDeps } from './deps';
import { fulfilIn } from './fulfilment';
import { priceCheckout } from './pricing';
import type { CheckoutSnapshot } from './snapshot';

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'We could not open the payment page just now. Nothing has been charged. Please try again in a moment.';

const TTL_MS = CHECKOUT_SESSION_TTL_MINUTES * 60_000;

export function hashPollKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const rule = (message: string) => new AppError('BUSINESS_RULE', message);

/** What `checkout_sessions.provider` says of a session paid wholly with UGM Credit (no card page). */
export const CREDIT_ONLY_PROVIDER = 'ugm-credit';

/** The UGM Credit asked for, in minor units: at most the total (docs/product/buying.md#paying-with-ugm-credit). */
function creditAsked(walletCredit: number | undefined, amount: number): number {
  const credit = toMinorUnits(walletCredit ?? 0);
  if (credit > amount) throw rule(CREDIT_OVER_TOTAL_MESSAGE);
  return credit;
}

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

  const ids = body.items.map((item) => item.id);
  const catalogue = await findProductsByIds(db, ids);
  const notSold = await findProductsNotOnSale(db, ids);
  const { lines, amount, currency } = priceCheckout(body, catalogue, deps.clock(), notSold);
  const snapshot: CheckoutSnapshot = { buyer: { name: buyerName, email: buyer.email }, lines };
  const credit = creditAsked(body.walletCredit, amount);
  const creditOnly = credit === amount;
  // Credit still held by the buyer's own abandoned payment pages comes back before a new hold.
  if (credit > 0) await releaseDueCreditHolds(db, deps, { userId });

  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const pollKey = randomBytes(16).toString('base64url');
  const base = deps.config.publicUrl;
  // One transaction: the session, the UGM Credit it holds (decision 026) and, when the credit
  // pays it all, its vouchers. A refused hold (balance too low) leaves nothing behind.
  const session = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(checkoutSessions)
      .values({
        userId,
        provider: creditOnly ? CREDIT_ONLY_PROVIDER : deps.payments.name,
        pollKeyHash: hashPollKey(pollKey),
        amount,
        creditAmount: credit,
        currency,
        items: snapshot,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('inserting a checkout session returned no row');
    if (credit > 0) await holdCredit(tx, { userId, checkoutSessionId: created.id, amount: credit, currency, at: now });
    if (creditOnly) await fulfilIn(tx, deps, created);
    return created;
  });
  // Paid in full with credit: no card page; the result page shows the vouchers at once.
  if (creditOnly) return { url: `${base}/confirmation?session_id=${session.id}&key=${pollKey}` };

  const cardAmount = amount - credit;
  const money = (minor: number) => formatMoney(toMajorUnits(minor), currency);
  try {
    const hosted = await deps.payments.createHostedSession({
      checkoutSessionId: session.id,
      amount: cardAmount,
      currency,
      // The card's part as one line when credit pays the rest (a payment page's lines add up to its amount).
      lines:
        credit > 0
          ? [
              {
                name: `Gift cards ${money(amount)} less ${money(credit)} UGM Credit`,
                unitAmount: cardAmount,
                quantity: 1,
              },
            ]
          : lines.map((line) => ({
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
    await db.transaction(async (tx) => {
      const failedAt = deps.clock();
      await tx
        .update(checkoutSessions)
        .set({ status: 'failed', updatedAt: failedAt })
        .where(eq(checkoutSessions.id, session.id));
      if (credit > 0) await releaseCreditHold(tx, session.id, failedAt);
    });
    throw Object.assign(new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE), { cause: error });
  }
}
