import { type ActiveOrder, ALREADY_ACTIVATED_MESSAGE, type CodeStatus, cardArtUrl } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import { CheckCircle2, Clock, Gift } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useActivateOrder } from '../api/activate-order';
import { exchangeVoucherHref, voucherAmount, voucherName } from '../lib/voucher-display';
import { ActivateDialog } from './activate-dialog';

/** In place of a voucher's art when it has none or it fails to load. */
function DefaultVoucherImage() {
  return (
    <div
      data-testid="default-voucher-image"
      className="flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-brand-500 to-brand-700"
    >
      <Gift aria-hidden="true" className="h-12 w-12 text-white" />
    </div>
  );
}

/** The badge of a voucher whose code has not come (decision 068). */
const codeBadges: Record<CodeStatus, string> = {
  pending: 'Getting your code…',
  delayed: 'Code taking longer',
  unavailable: 'Code unavailable',
  failed: 'Code not issued',
};

/**
 * One active voucher (docs/product/vouchers-and-gifts.md#active-vouchers): Activate (confirmed in a dialog) and Exchange
 * while it is not activated; once activated, 'Show Voucher Details' opens its redemption link.
 * Activation buys the code from the supplier (decision 068): while it is on its way the card says
 * so and its till page waits for it; a card the supplier refused leaves Exchange (and, for want of
 * float, Activate to try again later).
 */
export function ActiveVoucherCard({ voucher }: { voucher: ActiveOrder }) {
  const name = voucherName(voucher);
  const [confirming, setConfirming] = useState(false);
  const activate = useActivateOrder();
  const redemptionUrl = voucher.merchant.redemptionUrl;
  const codeStatus = voucher.codeStatus;
  const onItsWay = codeStatus === 'pending' || codeStatus === 'delayed';

  const confirmActivation = () =>
    activate.mutate(voucher._id, {
      onSuccess: (answer) => {
        if ('status' in answer) toast.success(answer.message);
        else toast.success('Success', { description: `Your ${name} voucher has been activated.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.error(ALREADY_ACTIVATED_MESSAGE);
        else if (error instanceof ApiError && error.status === 422) {
          toast.error('Activation failed', { description: error.message });
        } else toast.error('Activation failed', { description: 'Failed to activate the voucher. Please try again.' });
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xs">
      <MerchantLogo
        src={cardArtUrl(voucher.imageUrl, voucher.valuePurchased, voucher.currency)}
        name={name}
        className="aspect-[16/9] h-auto w-full bg-white p-4"
        fallback={<DefaultVoucherImage />}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold break-words text-gray-900">{name}</h3>
          <p className="shrink-0 font-bold tabular-nums">{voucherAmount(voucher.currency, voucher.valuePurchased)}</p>
        </div>
        {voucher.isActivated ? (
          <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-800">
            <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
            Activated
          </p>
        ) : codeStatus ? (
          <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900">
            <Clock aria-hidden="true" className="h-3.5 w-3.5" />
            {codeBadges[codeStatus]}
          </p>
        ) : (
          <p className="self-start rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-700">
            Not activated
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          {(onItsWay || voucher.isActivated) && redemptionUrl && (
            <a
              href={redemptionUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClassName('primary', 'md', 'h-11 flex-1 sm:h-10')}
            >
              Show Voucher Details
            </a>
          )}
          {!voucher.isActivated && (
            <>
              {!onItsWay && codeStatus !== 'failed' && (
                <Button
                  className="h-11 flex-1 sm:h-10"
                  onClick={() => setConfirming(true)}
                  disabled={activate.isPending}
                >
                  Activate
                </Button>
              )}
              {codeStatus !== 'pending' && (
                <Link
                  to={exchangeVoucherHref(voucher)}
                  className={buttonClassName('outline', 'md', 'h-11 flex-1 sm:h-10')}
                >
                  Exchange
                </Link>
              )}
            </>
          )}
        </div>
      </div>
      <ActivateDialog
        voucherName={name}
        open={confirming}
        pending={activate.isPending}
        onOpenChange={setConfirming}
        onConfirm={confirmActivation}
      />
    </li>
  );
}
