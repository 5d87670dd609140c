import { formatMoney } from '@gvm/contract';
import { buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { CircleCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { VoucherCard } from '@/components/voucher-card';
import { paths } from '@/config/paths';
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
          <VoucherCard
            as="div"
            className="mx-auto mt-8 max-w-sm"
            voucher={{
              merchantName: redeemed.merchant.name,
              imageUrl: redeemed.imageUrl,
              value: redeemed.valuePurchased,
              currency: redeemed.currency,
            }}
            end={
              <p className="shrink-0 text-lg font-bold tabular-nums">
                {formatMoney(redeemed.valuePurchased, redeemed.currency)}
              </p>
            }
          />
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
