import { formatMoney, ORDER_NOT_FOUND_MESSAGE, openGiftCardLabel, type VoucherPending } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { QrCode } from '@gvm/ui/qr-code';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Copy, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { exchangeVoucherHref } from '@/features/wallet';
import { ApiError, toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isPending, useVoucher } from '../api/get-voucher';
import { VoucherCode } from '../components/voucher-code';
import { WalletButtons } from '../components/wallet-buttons';

export const NOT_ACTIVATED_TEXT = 'This voucher is not activated yet. Activate it in your wallet to see its code.';

/**
 * The code on its way from the supplier (decision 068): said in a live region, so the code taking
 * its place is announced too; after 10 minutes, plainly, with the way to exchange or convert.
 */
function CodeOnItsWay({ voucher }: { voucher: VoucherPending }) {
  const delayed = voucher.status === 'delayed';
  return (
    <div className="mx-auto max-w-md rounded-2xl border-2 border-black bg-white p-6 text-center">
      <h1 className="text-2xl font-bold break-words text-black">{voucher.merchant.name}</h1>
      <p className="mt-1 text-4xl font-extrabold text-black tabular-nums">
        {formatMoney(voucher.valuePurchased, voucher.currency)}
      </p>
      <div role="status" className="mt-6 flex flex-col items-center gap-3 text-base text-gray-900">
        {!delayed && <Spinner className="h-8 w-8 text-black" />}
        <p>{voucher.message}</p>
      </div>
      {delayed && (
        <Link to={exchangeVoucherHref(voucher)} className={buttonClassName('primary', 'lg', 'mt-6 w-full')}>
          Exchange or convert
        </Link>
      )}
      <Link to={paths.wallet} className={buttonClassName('secondary', 'lg', 'mt-3 w-full')}>
        Back to Wallet
      </Link>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-2xl border-2 border-black bg-white p-6 text-center">
      <h1 className="text-2xl font-bold text-black">{title}</h1>
      <p className="mt-3 text-base text-gray-900">{children}</p>
      <Link to={paths.wallet} className={buttonClassName('secondary', 'lg', 'mt-6 w-full')}>
        Back to Wallet
      </Link>
    </div>
  );
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('Code copied', { description: 'Paste it at the checkout, or show this screen at the till.' });
  } catch {
    toast.error('Could not copy the code', { description: 'Select the code and copy it instead.' });
  }
}

/**
 * /vouchers/:id, the voucher at the till (docs/product/README.md#added-routes; every voucher's redemption link): merchant,
 * value, the code in large groups, the PIN, a QR code of the code, 'Copy code' and the terms; a
 * card the supplier gives only as a page, a link to it. Black on white at a large size, so it
 * reads on a phone at full brightness. Owner only, once activated: a voucher not yet activated
 * (409) sends the user back to the wallet to activate it. While the code is on its way from the
 * supplier (202) the page says so and asks again every 2 seconds, showing the code when it comes;
 * a card the supplier refused (422) is explained in the server's words. Below the code, 'Add to
 * Apple Wallet' and 'Save to Google Wallet' (decision 071).
 */
export function VoucherPage() {
  usePageMeta('Your voucher', 'Your gift voucher code, ready to use.');
  const { id = '' } = useParams();
  const voucher = useVoucher(id);

  let content: ReactNode;
  if (voucher.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8 text-black" label="Loading your voucher" />
      </div>
    );
  } else if (voucher.isError) {
    const status = voucher.error instanceof ApiError ? voucher.error.status : undefined;
    if (status === 409) content = <Notice title="Voucher not activated">{NOT_ACTIVATED_TEXT}</Notice>;
    else if (status === 422) content = <Notice title="Code not available">{toApiError(voucher.error).message}</Notice>;
    else if (status === 404 || status === 400) {
      content = (
        <Notice title={ORDER_NOT_FOUND_MESSAGE}>
          We could not find this voucher in your wallet. Check the link, or open it from your wallet.
        </Notice>
      );
    } else {
      content = <QueryError message={toApiError(voucher.error).message} onRetry={() => voucher.refetch()} />;
    }
  } else if (isPending(voucher.data)) {
    content = <CodeOnItsWay voucher={voucher.data} />;
  } else {
    const { merchant, currency, valuePurchased, code, pin, url, termsAndConditions } = voucher.data;
    content = (
      <article className="mx-auto max-w-md rounded-2xl border-2 border-black bg-white p-5 text-black sm:p-8">
        <header className="text-center">
          <h1 className="text-2xl font-bold break-words">{merchant.name}</h1>
          <p className="mt-1 text-4xl font-extrabold tabular-nums">{formatMoney(valuePurchased, currency)}</p>
        </header>
        {code && (
          <>
            <section aria-labelledby="voucher-code-label" className="mt-6">
              <h2 id="voucher-code-label" className="text-center text-sm font-semibold tracking-wide uppercase">
                Voucher code
              </h2>
              <div className="mt-2">
                <VoucherCode code={code} />
              </div>
              {pin && (
                <p className="mt-4 text-center text-xl">
                  <span className="font-semibold">PIN </span>
                  <span data-testid="voucher-pin" className="font-mono text-3xl font-bold tracking-widest">
                    {pin}
                  </span>
                </p>
              )}
              <Button variant="secondary" size="lg" className="mt-5 w-full" onClick={() => copyCode(code)}>
                <Copy aria-hidden="true" className="h-5 w-5" />
                Copy code
              </Button>
            </section>
            <div className="mt-6 flex justify-center">
              <QrCode value={code} label="QR code of the voucher code" className="h-auto w-full max-w-64" />
            </div>
            <WalletButtons voucherId={voucher.data._id} />
          </>
        )}
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('primary', 'lg', code ? 'mt-5 w-full' : 'mt-6 w-full')}
          >
            {openGiftCardLabel(merchant.name)}
            <ExternalLink aria-hidden="true" className="h-5 w-5" />
          </a>
        )}
        <section aria-labelledby="voucher-terms" className="mt-6 border-t border-gray-300 pt-4">
          <h2 id="voucher-terms" className="text-base font-semibold">
            Terms and conditions
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line text-gray-900">{termsAndConditions}</p>
        </section>
      </article>
    );
  }

  return (
    <section className="min-h-[60vh] bg-white px-4 py-8 sm:py-12">
      {content}
      {voucher.isSuccess && !isPending(voucher.data) && (
        <p className="mt-6 text-center">
          <Link to={paths.wallet} className="font-medium text-black underline underline-offset-4">
            Back to Wallet
          </Link>
        </p>
      )}
    </section>
  );
}
