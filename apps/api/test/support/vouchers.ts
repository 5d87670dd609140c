import type { OrderItem } from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import { orders, wallets, walletTransactions } from '../../src/db/schema';
import { type CheckoutTestContext, checkoutPayload, type LineSpec, startCheckout } from './checkout';
import { sendAs } from './requests';
import type { TestUser } from './users';

/** Buys vouchers through the real checkout (the fake provider says paid) and answers the issued orders. */
export async function buyVouchers(ctx: CheckoutTestContext, buyer: TestUser, lines: LineSpec[]): Promise<OrderItem[]> {
  const started = await startCheckout(ctx.app, ctx.payments, buyer, checkoutPayload(lines));
  ctx.payments.setState(started.providerSessionId, 'paid');
  const response = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, buyer);
  if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}: ${response.body}`);
  return response.json<{ orders: OrderItem[] }>().orders;
}

/** One personal voucher of `value` pounds of `product` (Argos by default); answers its order id. */
export async function buyVoucher(
  ctx: CheckoutTestContext,
  buyer: TestUser,
  value = 25,
  product = ctx.argos,
): Promise<string> {
  const [order] = await buyVouchers(ctx, buyer, [{ product, value }]);
  if (!order) throw new Error('no voucher was issued');
  return order._id;
}

/**
 * The user's wallet row in `currency` and the signed sum of its credit movements (minor units),
 * straight from the database.
 */
export async function ledgerOf(ctx: CheckoutTestContext, user: TestUser, currency = 'GBP') {
  const [wallet] = await ctx.app.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, user.user.id), eq(wallets.currency, currency)));
  if (!wallet) return null;
  const rows = await ctx.app.db.select().from(walletTransactions).where(eq(walletTransactions.walletId, wallet.id));
  const sum = rows.reduce((total, row) => {
    if (row.type === 'funding' || row.type === 'refund' || row.type === 'adjustment') return total + row.amount;
    return row.type === 'withdrawal' ? total - row.amount : total;
  }, 0);
  return { wallet, rows, sum };
}

export const orderRow = async (ctx: CheckoutTestContext, id: string) => {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return row;
};
