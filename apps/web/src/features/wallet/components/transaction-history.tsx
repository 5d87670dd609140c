import { WALLET_HISTORY_LIMIT, type WalletTransaction } from '@gvm/contract';
import { clsx } from 'clsx';
import { useId } from 'react';
import { formatDate, isDebit, newestFirst, signedAmount, transactionLabel } from '../lib/transactions';

function Amount({ transaction, currency }: { transaction: WalletTransaction; currency: string }) {
  return (
    <span className={clsx('font-semibold tabular-nums', isDebit(transaction) ? 'text-red-600' : 'text-green-700')}>
      {signedAmount(transaction, currency)}
    </span>
  );
}

function Completed() {
  return <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Completed</span>;
}

/** Movements have no id of their own: a key from their fields, numbered when two are alike. */
function withKeys(transactions: WalletTransaction[]): { key: string; transaction: WalletTransaction }[] {
  const seen = new Map<string, number>();
  return transactions.map((transaction) => {
    const base = [
      transaction.timestamp,
      transaction.transactionType,
      transaction.orderID,
      transaction.transactionValue,
    ].join('|');
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}|${count}`, transaction };
  });
}

/**
 * docs/product/wallet-and-credit.md#ledger: the wallet's movements, newest first: a table on desktop, cards on phones
 * (below 768 px, Tailwind's `md`). The status always reads Completed.
 */
export function TransactionHistory({
  transactions,
  currency,
  named = false,
}: {
  transactions: WalletTransaction[];
  currency: string;
  /** Several wallets are shown: the heading names this one's currency. */
  named?: boolean;
}) {
  const headingId = useId();
  const rows = withKeys(
    newestFirst(transactions, (transaction) => transaction.timestamp).slice(0, WALLET_HISTORY_LIMIT),
  );
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold">
        {named ? `Transaction History (${currency})` : 'Transaction History'}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
          No transaction history available
        </p>
      ) : (
        <>
          <div className="mt-4 hidden overflow-x-auto rounded-lg border border-gray-200 md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Order ID
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.map(({ key, transaction }) => (
                  <tr key={key}>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDate(transaction.timestamp)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{transactionLabel(transaction.transactionType)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <Amount transaction={transaction} currency={currency} />
                    </td>
                    <td className="px-4 py-3 font-mono text-xs break-all text-gray-700">
                      {transaction.orderID || '-'}
                    </td>
                    <td className="px-4 py-3">
                      <Completed />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Transactions" className="mt-4 space-y-3 md:hidden">
            {rows.map(({ key, transaction }) => (
              <li key={key} className="rounded-lg border border-gray-200 p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium">{transactionLabel(transaction.transactionType)}</p>
                    <p className="text-sm text-gray-600">{formatDate(transaction.timestamp)}</p>
                  </div>
                  <Amount transaction={transaction} currency={currency} />
                </div>
                <div className="mt-2 flex items-center justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-mono text-xs text-gray-600">
                    <span className="sr-only">Order ID </span>
                    {transaction.orderID || '-'}
                  </span>
                  <Completed />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-3 text-sm text-gray-500">Showing up to last 100 transactions</p>
    </section>
  );
}
