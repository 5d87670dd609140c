import {
  formatMoney,
  type Product,
  productPreselectedValue,
  productValueOptions,
  toMajorUnits,
  toMinorUnits,
} from '@gvm/contract';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { AddToCartAction } from './add-to-cart';
import { AddToCartButton } from './add-to-cart-button';
import { QuantityPicker } from './quantity-picker';
import { ValuePicker } from './value-picker';

const loadAddToCart = () => import('./add-to-cart');
const AddToCart = lazy(loadAddToCart);

/**
 * The value-per-card and quantity pickers and Add To Cart (docs/product/browsing.md#value-options). The
 * button stays disabled until a value above 0 is chosen, and while the item is being added.
 *
 * The cart's code behind the button (`AddToCart`) is not part of the page's load (decision 023):
 * pointing at, touching or focusing the button starts loading it; a click mounts it if needed and
 * the line is added as soon as it has loaded, so the first click always adds. The button itself
 * is drawn here and never replaced, so focus stays on it.
 */
export function ProductDetailPurchase({
  product,
  onValueChange,
}: {
  product: Product;
  /** Told each value the shopper picks (the card art above shows it). */
  onValueChange?(value: number): void;
}) {
  const [value, setValue] = useState<number | null>(() => productPreselectedValue(product));
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  // The cart's code: wanted once the shopper reaches for the button; `add` once it has loaded.
  const [cartWanted, setCartWanted] = useState(false);
  const [queued, setQueued] = useState(false);
  const add = useRef<AddToCartAction | null>(null);
  const queuedRef = useRef(false);
  const options = productValueOptions(product);
  const hasValue = value !== null && value > 0;

  const subtotal = hasValue ? toMajorUnits(toMinorUnits(value) * quantity) : null;

  const preload = () => {
    if (cartWanted) return;
    setCartWanted(true);
    void loadAddToCart();
  };
  const onReady = useCallback((action: AddToCartAction) => {
    add.current = action;
    if (!queuedRef.current) return;
    queuedRef.current = false;
    setQueued(false);
    void action();
  }, []);
  const onClick = () => {
    if (add.current) {
      void add.current();
      return;
    }
    queuedRef.current = true;
    setQueued(true);
    setCartWanted(true);
  };

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
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only starts loading the button's code; the button inside is the control */}
        <div className="contents" onPointerEnter={preload} onTouchStart={preload} onFocus={preload}>
          <AddToCartButton disabled={!hasValue || pending || queued} pending={pending || queued} onClick={onClick} />
        </div>
        {cartWanted ? (
          <Suspense fallback={null}>
            <AddToCart
              product={product}
              value={value}
              quantity={quantity}
              onReady={onReady}
              onPendingChange={setPending}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
