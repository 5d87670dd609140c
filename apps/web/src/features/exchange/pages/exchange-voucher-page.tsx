import { formatMoney, type Product } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { ArrowLeftRight } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useConvertVoucher } from '../api/convert-voucher';
import { useExchangeProducts } from '../api/get-exchange-products';
import { useVoucherDetail } from '../api/get-voucher-detail';
import { useSwapVoucher } from '../api/swap-voucher';
import { ExchangeCandidateCard } from '../components/exchange-candidate-card';
import { ExchangeDialog } from '../components/exchange-dialog';
import { exchangeCandidates } from '../lib/exchange-candidates';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

/** docs/product/vouchers-and-gifts.md#exchange: the page's own texts. */
export const exchangeText = {
  missingProduct: 'Missing required product information',
  missingExchange: 'Missing required information for exchange',
  missingConversion: 'No order selected for conversion',
  loadFailed: 'Failed to load exchange products',
  exchanged: 'Successfully exchanged your voucher',
  exchangeFailed: 'Failed to exchange voucher',
  converted: 'Successfully converted to UGM Credit',
  conversionFailed: 'Failed to convert to UGM Credit',
};

interface ExchangeQuery {
  id: string;
  amount: number;
  country: string;
  currency: string;
}

function readQuery(params: URLSearchParams): ExchangeQuery | null {
  const amountText = params.get('amount')?.trim() ?? '';
  const country = params.get('country')?.trim() ?? '';
  const currency = params.get('currency')?.trim() ?? '';
  const amount = Number(amountText);
  if (!amountText || !country || !currency || !Number.isFinite(amount) || amount <= 0) return null;
  return { id: params.get('id')?.trim() ?? '', amount, country, currency: currency.toUpperCase() };
}

/** /exchange-voucher?id&amount&country&currency (docs/product/vouchers-and-gifts.md#exchange): the voucher's alternatives. */
export function ExchangeVoucherPage() {
  usePageMeta('Exchange voucher', "Swap your voucher for another merchant's voucher of the same value.");
  const [params] = useSearchParams();
  const query = readQuery(params);
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">EXCHANGE VOUCHER</h1>
      {query ? (
        <ExchangeOptions {...query} />
      ) : (
        <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p>{exchangeText.missingProduct}</p>
          <Link to={paths.wallet} className={buttonClassName('outline', 'md', 'mt-4')}>
            Back to Wallet
          </Link>
        </div>
      )}
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}

function ExchangeOptions({ id, amount, country, currency }: ExchangeQuery) {
  const navigate = useNavigate();
  const products = useExchangeProducts(country, { enabled: true });
  const voucher = useVoucherDetail(id);
  const swap = useSwapVoucher();
  const convert = useConvertVoucher();
  const [chosen, setChosen] = useState<Product | null>(null);
  const candidates = products.data
    ? exchangeCandidates(products.data, { amount, country, currency, productCode: voucher.data?.productCode })
    : [];
  const readingVoucher = Boolean(id) && voucher.isPending;

  function exchange() {
    if (!id || !chosen) {
      toast.error(exchangeText.missingExchange);
      setChosen(null);
      return;
    }
    const newOrderDetails = {
      productCode: chosen.productCode,
      currency: chosen.currency,
      valuePurchased: amount,
      merchant: { name: chosen.merchant.name },
    };
    swap.mutate(
      { id, newOrderDetails },
      {
        onSuccess: () => {
          toast.success(exchangeText.exchanged);
          navigate(paths.exchangeConfirmation);
        },
        onError: (error) => {
          toast.error(failureMessage(error, exchangeText.exchangeFailed));
          setChosen(null);
        },
      },
    );
  }

  function convertToCredit() {
    if (!id) {
      toast.error(exchangeText.missingConversion);
      return;
    }
    convert.mutate(id, {
      onSuccess: () => {
        toast.success(exchangeText.converted);
        navigate(paths.wallet);
      },
      onError: (error) => toast.error(failureMessage(error, exchangeText.conversionFailed)),
    });
  }

  return (
    <>
      <p className="mt-3 max-w-2xl text-gray-600">
        Choose another merchant's voucher worth the same {formatMoney(amount, currency)}, or turn this voucher into UGM
        Credit. Exchanges cannot be undone.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={paths.wallet} className={buttonClassName('outline', 'lg', 'rounded-full px-6')}>
          Back to Wallet
        </Link>
        <Button
          variant="secondary"
          size="lg"
          className="rounded-full px-6"
          onClick={convertToCredit}
          disabled={convert.isPending || swap.isPending}
        >
          {convert.isPending ? 'Converting...' : 'Convert This Into UGM Credit'}
        </Button>
      </div>
      <h2 className="mt-10 flex items-center gap-2 text-xl font-semibold">
        <ArrowLeftRight aria-hidden="true" className="h-5 w-5 text-brand-600" />
        Vouchers you can exchange for
      </h2>
      {products.isError ? (
        <QueryError message={exchangeText.loadFailed} onRetry={() => void products.refetch()} />
      ) : products.isPending || readingVoucher ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading exchange options" className="h-8 w-8 text-brand-600" />
        </div>
      ) : candidates.length === 0 ? (
        <p className="mt-6 text-gray-600">No vouchers of this value and currency are available for exchange.</p>
      ) : (
        <ul aria-label="Exchange options" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {candidates.map((product) => (
            <ExchangeCandidateCard
              key={product._id}
              product={product}
              amount={amount}
              currency={currency}
              onChoose={setChosen}
            />
          ))}
        </ul>
      )}
      <ExchangeDialog
        product={chosen}
        amount={amount}
        currency={currency}
        exchanging={swap.isPending}
        onConfirm={exchange}
        onClose={() => setChosen(null)}
      />
    </>
  );
}
