import type { UserWallets, Wallet } from '@gvm/contract';

/** The wallet endpoints' answer for a shopper holding these wallets, the first one shown (decision 044). */
export function holding(first: Wallet, ...others: Wallet[]): UserWallets {
  return { ...first, wallets: [first, ...others] };
}

/** An empty wallet in `currency`. */
export const emptyWallet = (currency = 'GBP', id = 'w'): Wallet => ({
  _id: id,
  currency,
  balance: 0,
  transactions: [],
});
