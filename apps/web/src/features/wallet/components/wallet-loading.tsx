import { Spinner } from '@gvm/ui/spinner';

/**
 * What the wallet shows while it loads: the page and its Balances and Manage Vouchers tabs a
 * spinner, My Vouchers its line of text (docs/product/wallet-and-credit.md#wallet-page). Kept apart from the tabs, so that the page
 * can show them while a tab's own code is still on its way (decision 037).
 */
export function WalletSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="h-8 w-8 text-brand-600" label="Loading your wallet" />
    </div>
  );
}

export function VouchersLoading() {
  return <p className="py-16 text-center text-gray-600">Loading your vouchers...</p>;
}
