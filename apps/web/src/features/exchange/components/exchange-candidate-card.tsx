import { formatMoney, type Product } from '@gvm/contract';
import { MerchantLogo } from '@gvm/ui/merchant-logo';

/** One product the voucher can become (docs/product/vouchers-and-gifts.md#exchange): logo or initial, merchant, 'Exchange for £25.00'. */
export function ExchangeCandidateCard({
  product,
  amount,
  currency,
  onChoose,
}: {
  product: Product;
  amount: number;
  currency: string;
  onChoose: (product: Product) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onChoose(product)}
        className="flex w-full min-w-0 items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-xs transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <MerchantLogo
          src={product.imageUrl}
          name={product.merchant.name}
          className="h-12 w-[76px] rounded-lg text-xl"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-gray-900">{product.merchant.name}</span>
          <span className="block text-sm font-medium text-brand-700">Exchange for {formatMoney(amount, currency)}</span>
        </span>
      </button>
    </li>
  );
}
