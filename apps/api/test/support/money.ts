import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema';
import { type CheckoutTestContext, createCheckoutTestApp, defined, type LineSpec } from './checkout';
import { createOperator, opsCall, signInOperator } from './operators';
import type { TestUser } from './users';
import { buyVouchers } from './vouchers';

/**
 * The console's money tools under test (docs/product/operators.md#money): the whole app with a
 * steerable payment provider, and operators signed in with a real TOTP code.
 */
export type MoneyTestContext = CheckoutTestContext;

export const createMoneyTestApp = (): Promise<MoneyTestContext> => createCheckoutTestApp();

let counter = 0;

export interface TestOperator {
  id: string;
  email: string;
  token: string;
}

export async function signedInOperator(ctx: MoneyTestContext, role: OperatorRole): Promise<TestOperator> {
  counter += 1;
  const email = `${role}-${counter}-${randomUUID().slice(0, 8)}@ugm.example`;
  const id = await createOperator(ctx.app, email, role);
  const { token } = await signInOperator(ctx.app, ctx.clock, email);
  return { id, email, token };
}

/** Buys through the real checkout and answers the order (checkout) id and its voucher ids. */
export async function buyOrder(
  ctx: MoneyTestContext,
  buyer: TestUser,
  lines: LineSpec[],
): Promise<{ orderId: string; voucherIds: string[] }> {
  const items = await buyVouchers(ctx, buyer, lines);
  const first = defined(items[0], 'voucher');
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, first._id));
  return { orderId: defined(row?.checkoutSessionId, 'checkout'), voucherIds: items.map((item) => item._id) };
}

export function refund(
  ctx: MoneyTestContext,
  operator: TestOperator,
  orderId: string,
  body: { amount: number; refundTo: 'card' | 'credit'; reason?: string; voucherIds?: string[]; requestId?: string },
) {
  return opsCall(ctx.app, 'POST', `/orders/${orderId}/refunds`, operator.token, {
    requestId: body.requestId ?? randomUUID(),
    reason: body.reason ?? 'Customer asked for a refund',
    ...body,
  });
}

export function adjust(
  ctx: MoneyTestContext,
  operator: TestOperator,
  userId: string,
  body: { amount: number; currency?: string; reason?: string; requestId?: string },
) {
  return opsCall(ctx.app, 'POST', `/customers/${userId}/credit-adjustments`, operator.token, {
    requestId: body.requestId ?? randomUUID(),
    currency: body.currency ?? 'GBP',
    reason: body.reason ?? 'Goodwill',
    amount: body.amount,
  });
}
