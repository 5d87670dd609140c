import { formatMoney, type Product, preselectedValue, toMajorUnits, toMinorUnits, valueOptions } from '@gvm/contract';
import { lazy, Suspense, useState } from 'react';
import { AddToCartButton } from './add-to-cart-button';
import { QuantityPicker } from './quantity-picker';
import { ValuePicker } from './value-picker';

const AddToCart = lazy(() => import('./add-to-cart'));

/**
 * The value-per-card and quantity pickers and Add To Cart (spec 000 sections 4, 5 and 8). The
 * button stays disabled until a value above 0 is chosen, and while the item is being added.
 */
export function ProductDetailPurchase({
  product,
  onValueChange,
}: {
  product: Product;
  /** Told each value the shopper picks (the card art above shows it). */
  onValueChange?(value: number): void;
}) {
  const [value, setValue] = useState<number | null>(() => preselectedValue(product.minPrice, product.maxPrice));
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const options = valueOptions(product.minPrice, product.maxPrice);
  const hasValue = value !== null && value > 0;

  const subtotal = hasValue ? toMajorUnits(toMinorUnits(value) * quantity) : null;

  return (
    <div className="space-y-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <ValuePicker
        options={options}
        currency={product.currency}
        value={value}
        disabled={pending}
        onChange={(picked) => {
          setValue(picked);
          onValueChange?.(picked);
        }}
      />
      <QuantityPicker value={quantity} disabled={pending} onChange={setQuantity} />
      <div className="flex flex-col gap-4 border-t border-gray-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-500" aria-live="polite">
          {subtotal === null ? (
            'Choose a value to continue'
          ) : (
            <>
              Subtotal{' '}
              <span className="text-lg font-bold tabular-nums text-gray-900">
                {formatMoney(subtotal, product.currency)}
              </span>
            </>
          )}
        </p>
        <Suspense fallback={<AddToCartButton disabled={!hasValue} loading />}>
          <AddToCart product={product} value={value} quantity={quantity} onPendingChange={setPending} />
        </Suspense>
      </div>
    </div>
  );
}
