import { formatMoney } from '@gvm/contract';
import { CircleCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { MerchantLogo } from '@/components/merchant-logo';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { readRedeemedState } from '../lib/redeemed-voucher';

/**
 * /confirmation without a payment to show (docs/product/vouchers-and-gifts.md#claiming-a-gift): the redemption success
 * destination. The voucher just claimed comes in the navigation state, when there is one.
 */
export function RedemptionSuccess() {
  usePageMeta('Gift redeemed', 'Your gift voucher is in your wallet.');
  const redeemed = readRedeemedState(useLocation().state);
  return (
    <section className="min-h-[60vh] bg-green-50 px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-2xl text-center">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          Gift Voucher Successfully Added to Your Account
        </h1>
        {redeemed && (
          <div className="mx-auto mt-8 flex max-w-sm items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-xs">
            <MerchantLogo
              imageUrl={redeemed.imageUrl}
              merchantName={redeemed.merchant.name}
              value={redeemed.valuePurchased}
              currency={redeemed.currency}
              className="h-12 w-[76px]"
            />
            <p className="min-w-0 flex-1 truncate font-semibold text-gray-900">{redeemed.merchant.name}</p>
            <p className="shrink-0 text-lg font-bold tabular-nums">
              {formatMoney(redeemed.valuePurchased, redeemed.currency)}
            </p>
          </div>
        )}
        <p className="mx-auto mt-6 max-w-md text-gray-600">
          Your voucher is in your wallet, ready to activate at the till or exchange.
        </p>
        <Link to={paths.wallet} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full px-8')}>
          Go To My Account
        </Link>
      </div>
    </section>
  );
}
