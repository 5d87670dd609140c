import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wallets, walletTransactions } from '../../db/schema/wallets';

/** The user's wallet, created (GBP, balance 0) when missing; safe under concurrent calls. */
export async function ensureWallet(db: Executor, userId: string, currency = 'GBP'): Promise<{ id: string }> {
  const [wallet] = await db
    .insert(wallets)
    .values({ userId, currency })
    .onConflictDoUpdate({ target: wallets.userId, set: { updatedAt: sql`${wallets.updatedAt}` } })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('upserting a wallet returned no row');
  return wallet;
}

export interface CardPurchase {
  userId: string;
  checkoutSessionId: string;
  /** Minor units charged to the card. */
  amount: number;
  currency: string;
  orderIds: readonly string[];
  at: Date;
}

/**
 * Records a card purchase in the wallet's history (ARCHITECTURE.md section 6): shown with a plus,
 * it does not change the credit balance. One row per checkout session, whoever calls twice. One
 * statement: the wallet is created (or locked, if it exists) and the row added together.
 */
export async function recordCardPurchase(db: Executor, purchase: CardPurchase): Promise<void> {
  const orderIds =
    purchase.orderIds.length > 0
      ? sql`array[${sql.join(
          purchase.orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`
      : sql`'{}'::uuid[]`;
  await db.execute(sql`
    with wallet as (
      insert into ${wallets} (user_id, currency) values (${purchase.userId}, 'GBP')
      on conflict (user_id) do update set updated_at = ${wallets.updatedAt}
      returning id
    )
    insert into ${walletTransactions} (wallet_id, type, amount, currency, order_ids, checkout_session_id, created_at)
    select id, 'purchase', ${purchase.amount}, ${purchase.currency}, ${orderIds}, ${purchase.checkoutSessionId},
      ${purchase.at.toISOString()}::timestamptz
    from wallet
    on conflict (checkout_session_id) do nothing`);
}
