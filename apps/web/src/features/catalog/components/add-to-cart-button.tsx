import { Button } from '@gvm/ui/button';
import { Spinner } from '@gvm/ui/spinner';
import { ShoppingCart } from 'lucide-react';

export const INVALID_VALUE = 'Please select a valid value for the card';

/**
 * The Add To Cart button (docs/product/browsing.md#product-page). `loading`: shown disabled while the cart's code
 * loads, right after the page's first render (decision 023).
 */
export function AddToCartButton({
  disabled,
  pending = false,
  loading = false,
  onClick,
}: {
  disabled: boolean;
  pending?: boolean;
  loading?: boolean;
  onClick?(): void;
}) {
  return (
    <Button
      size="lg"
      className="rounded-full sm:min-w-48"
      disabled={disabled || loading}
      data-loading={loading || undefined}
      onClick={onClick}
    >
      {pending ? <Spinner /> : <ShoppingCart aria-hidden="true" className="h-5 w-5" />}
      Add To Cart
    </Button>
  );
}
