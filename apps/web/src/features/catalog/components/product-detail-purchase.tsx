import { formatMoney, type Product, preselectedValue, toMajorUnits, toMinorUnits, valueOptions } from '@gvm/contract';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { QuantityPicker } from './quantity-picker';
import { ValuePicker } from './value-picker';

const INVALID_VALUE = 'Please select a valid value for the card';

/**
 * The value-per-card and quantity pickers and Add To Cart (spec 000 sections 4, 5 and 8). The
 * button stays disabled until a value above 0 is chosen, and while the item is being added.
 */
export function ProductDetailPurchase({ product }: { product: Product }) {
  const cart = useCart();
  const navigate = useNavigate();
  const [value, setValue] = useState<number | null>(() => preselectedValue(product.minPrice, product.maxPrice));
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const options = valueOptions(product.minPrice, product.maxPrice);
  const pending = adding || cart.isPending;
  const hasValue = value !== null && value > 0;

  async function addToCart() {
    if (value === null || !(value > 0)) {
      toast.error(INVALID_VALUE);
      return;
    }
    setAdding(true);
    try {
      await cart.addItem({
        productId: product._id,
        productCode: product.productCode,
        merchantName: product.merchant.name,
        imageUrl: product.imageUrl,
        currency: product.currency,
        selectedValue: value,
        quantity,
      });
      toast.success('Added product to cart');
      navigate(paths.cart);
    } catch (error) {
      // Spec 000 section 8: the server's error text, else the value message.
      toast.error(error instanceof ApiError ? error.message : INVALID_VALUE);
      setAdding(false);
    }
  }

  const subtotal = hasValue ? toMajorUnits(toMinorUnits(value) * quantity) : null;

  return (
    <div className="space-y-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <ValuePicker options={options} currency={product.currency} value={value} disabled={pending} onChange={setValue} />
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
        <Button size="lg" className="rounded-full sm:min-w-48" disabled={!hasValue || pending} onClick={addToCart}>
          {pending ? <Spinner /> : <ShoppingCart aria-hidden="true" className="h-5 w-5" />}
          Add To Cart
        </Button>
      </div>
    </div>
  );
}
