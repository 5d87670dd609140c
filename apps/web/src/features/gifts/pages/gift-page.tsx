import { cardArtUrl, formatMoney, GIFT_ENDED_MESSAGE } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { Input } from '@gvm/ui/input';
import { Label } from '@gvm/ui/label';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Gift } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { redeemedState, useRedeemLink } from '@/features/redeem';
import { ApiError, failureMessage } from '@/lib/api-client';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';
import { useGift } from '../api/get-gift';

const INVALID_LINK_MESSAGE = 'This gift link is not valid';

/**
 * /gift/:token (public): the gift behind a recipient's e-mailed link — who sent it, merchant,
 * value, message and the link itself. A guest logs in and comes back here; signed in, one click
 * claims it into the wallet (decision 019) and leads to /confirmation. A gift already claimed, or
 * refunded or cancelled before it was, says so instead.
 */
export function GiftPage() {
  usePageMeta('Your gift', 'A gift card someone sent you.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const status = useSessionStore((state) => state.status);
  const gift = useGift(token);
  const giftPath = paths.gift(token);

  function logIn() {
    rememberReturnTo(giftPath);
    navigate(`${paths.login}?returnTo=${encodeURIComponent(giftPath)}`);
  }

  if (gift.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading your gift" className="h-8 w-8 text-brand-600" />
      </div>
    );
  }
  if (gift.isError) {
    const invalid = gift.error instanceof ApiError && (gift.error.status === 404 || gift.error.status === 400);
    if (!invalid) return <QueryError message={gift.error.message} onRetry={() => void gift.refetch()} />;
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{INVALID_LINK_MESSAGE}</h1>
        <p className="mt-3 text-gray-600">Check the link in your e-mail, or ask the sender to send it again.</p>
        <Link to={paths.home} className={buttonClassName('primary', 'md', 'mt-6')}>
          Go to the marketplace
        </Link>
      </section>
    );
  }

  const { senderName, recipientName, merchant, imageUrl, value, currency, message } = gift.data;
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-xs sm:p-8">
        <Gift aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight">
          {senderName} sent you a gift{recipientName ? `, ${recipientName}` : ''}!
        </h1>
        <div className="mt-6 flex items-center justify-center gap-4">
          <MerchantLogo
            src={cardArtUrl(imageUrl, value, currency)}
            name={merchant.name}
            className="h-16 w-[101px] rounded-lg text-2xl"
          />
          <div className="text-left">
            <p className="font-semibold text-gray-900">{merchant.name}</p>
            <p className="text-2xl font-bold tabular-nums">{formatMoney(value, currency)}</p>
          </div>
        </div>
        {message && (
          <blockquote className="mt-6 rounded-xl bg-brand-50 p-4 text-brand-900">
            <p className="break-words">“{message}”</p>
            <footer className="mt-1 text-sm text-brand-700">— {senderName}</footer>
          </blockquote>
        )}
        <div className="mt-6 space-y-1.5 text-left">
          <Label htmlFor="gift-link">Your gift link</Label>
          <Input id="gift-link" readOnly value={window.location.origin + giftPath} onFocus={(e) => e.target.select()} />
        </div>
        {gift.data.status === 'claimed' ? (
          <p className="mt-6 text-gray-700">This gift has already been claimed.</p>
        ) : gift.data.status === 'unavailable' ? (
          <p className="mt-6 text-gray-700">{GIFT_ENDED_MESSAGE}</p>
        ) : status === 'authenticated' ? (
          <ClaimGift token={token} />
        ) : (
          <Button size="lg" className="mt-6 w-full rounded-full" onClick={logIn} disabled={status === 'checking'}>
            Log In To Continue
          </Button>
        )}
      </div>
    </section>
  );
}

/** Claims the gift by its token (POST /orders/redeem-link), then shows the redemption success. */
function ClaimGift({ token }: { token: string }) {
  const navigate = useNavigate();
  const claim = useRedeemLink();
  // mutateAsync, not mutate's callbacks: the claim refreshes the gift, which then reads 'claimed'
  // and unmounts this button before a per-call onSuccess could run.
  function redeem() {
    claim
      .mutateAsync(token)
      .then((order) => navigate(paths.confirmation, { state: redeemedState(order) }))
      .catch(() => {
        // Shown from claim.error.
      });
  }
  return (
    <>
      {claim.isError && (
        <p role="alert" className="mt-6 text-sm text-red-600">
          {failureMessage(claim.error, 'Failed to redeem the gift. Please try again.')}
        </p>
      )}
      <Button size="lg" className="mt-6 w-full rounded-full" onClick={redeem} disabled={claim.isPending}>
        {claim.isPending ? 'Redeeming...' : 'Redeem Gift'}
      </Button>
    </>
  );
}
