import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { wallets, walletTransactions } from '../../db/schema';

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
 * it does not change the credit balance. One row per checkout session, whoever calls twice.
 */
export async function recordCardPurchase(db: Executor, purchase: CardPurchase): Promise<void> {
  const wallet = await ensureWallet(db, purchase.userId);
  await db
    .insert(walletTransactions)
    .values({
      walletId: wallet.id,
      type: 'purchase',
      amount: purchase.amount,
      currency: purchase.currency,
      orderIds: [...purchase.orderIds],
      checkoutSessionId: purchase.checkoutSessionId,
      createdAt: purchase.at,
    })
    .onConflictDoNothing({ target: walletTransactions.checkoutSessionId });
}
