import type { Wallet } from '@gvm/contract';
import { useEffect } from 'react';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useWallet, useWalletCreatedToast } from '../api/get-wallet';
import { TransactionHistory } from './transaction-history';
import { WalletSpinner } from './wallet-loading';

/**
 * docs/product/wallet-and-credit.md#wallet-page: each wallet's balance to 2 decimals and its history. A missing wallet is created
 * (by the query); any other failure shows its message in red in place of the content, plus a toast.
 */
export function BalancesTab({ userId }: { userId: string }) {
  const wallet = useWallet(userId);
  const errorMessage = wallet.error ? toApiError(wallet.error).message : undefined;
  useWalletCreatedToast(wallet.data);

  useEffect(() => {
    if (errorMessage) toast.error('Error', { id: 'wallet-error', description: errorMessage });
  }, [errorMessage]);

  if (wallet.isPending) {
    return <WalletSpinner />;
  }
  if (wallet.isError) {
    return (
      <p role="alert" className="py-10 text-center text-red-600">
        {errorMessage}
      </p>
    );
  }
  // One wallet per currency the shopper holds credit or purchases in (decision 044), the first-opened first.
  const held = wallet.data.wallets;
  return (
    <div className="space-y-12">
      {held.map((each) => (
        <WalletBalance key={each._id} wallet={each} named={held.length > 1} />
      ))}
    </div>
  );
}

/** One wallet's balance to 2 decimals and its history; `named` puts its currency in the history's heading. */
function WalletBalance({ wallet, named }: { wallet: Wallet; named: boolean }) {
  const { currency, balance, transactions } = wallet;
  return (
    <section aria-label={named ? `${currency} wallet` : undefined}>
      <div className="rounded-2xl bg-gray-900 p-6 text-white">
        <p className="text-sm tracking-wide text-gray-300 uppercase">UGM Credit balance</p>
        <p className="mt-2 text-3xl font-bold tabular-nums sm:text-4xl">{`${currency} ${(balance ?? 0).toFixed(2)}`}</p>
      </div>
      <TransactionHistory transactions={transactions} currency={currency} named={named} />
    </section>
  );
}
