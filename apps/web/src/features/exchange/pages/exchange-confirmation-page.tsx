import { buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** /exchange-confirmation (docs/product/vouchers-and-gifts.md#exchange): the exchange succeeded. */
export function ExchangeConfirmationPage() {
  usePageMeta('Voucher exchanged', 'Your new gift voucher is in your wallet.');
  return (
    <section className="min-h-[60vh] bg-green-50 px-4 py-16">
      <div className="mx-auto max-w-2xl text-center">
        <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
          Gift Voucher Successfully Exchanged and Added to Your Account
        </h1>
        <Link to={paths.wallet} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full px-8')}>
          Go To My Account
        </Link>
      </div>
    </section>
  );
}
