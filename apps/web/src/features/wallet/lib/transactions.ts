import type { WalletTransaction } from '@gvm/contract';
import { shortDate } from '@/lib/short-date';

/** docs/product/wallet-and-credit.md#ledger: the type labels of the Transaction History. */
export function transactionLabel(type: string): string {
  switch (type) {
    case 'funding':
      return 'Wallet Funding';
    case 'withdrawal':
      return 'Wallet Withdrawal';
    case 'purchase':
      return 'Purchase';
    default:
      return 'Transaction';
  }
}

/** Withdrawals take money out (red, minus); everything else puts it in (green, plus). */
export function isDebit(transaction: WalletTransaction): boolean {
  return transaction.transactionType === 'withdrawal';
}

export function signedAmount(transaction: WalletTransaction, currency: string): string {
  return `${isDebit(transaction) ? '-' : '+'}${currency} ${transaction.transactionValue.toFixed(2)}`;
}

/** Newest first (docs/product/wallet-and-credit.md#ledger), whatever order the server sent. */
export function newestFirst<T>(items: readonly T[], dateOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => Date.parse(dateOf(b)) - Date.parse(dateOf(a)));
}

/** '20 Nov 2026', or '-' for a date that does not parse. */
export function formatDate(iso: string): string {
  return shortDate(iso) ?? '-';
}
