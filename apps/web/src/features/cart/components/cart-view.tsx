import { QUANTITY_LIMIT_MESSAGE } from '@gvm/contract/cart-limits';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { CartApi } from '../types';
import { CartEmptyState } from './cart-empty-state';
import { CartItemRow } from './cart-item-row';
import { CartSummary } from './cart-summary';

/** A change that could not be saved is said so; the cart shows what is really held. */
function reportFailure(change: Promise<void>): void {
  change.catch((error: unknown) => toast.error(toApiError(error).message));
}

/** The page's body for either cart (`useCart`'s two sides); `null` while the cart's code loads. */
export function CartView({ cart }: { cart: CartApi | null }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">My Cart</h1>
      {cart === null || cart.isLoading ? (
        <div className="flex justify-center py-20">
          <Spinner label="Loading your cart" className="h-8 w-8 text-brand-600" />
        </div>
      ) : cart.loadError ? (
        <QueryError message={cart.loadError} onRetry={cart.retryLoad} />
      ) : cart.items.length === 0 ? (
        <CartEmptyState />
      ) : (
        <>
          <p className="mt-1 text-gray-500">
            {cart.count} {cart.count === 1 ? 'voucher' : 'vouchers'} in your cart
          </p>
          <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
            <ul
              aria-label="Cart items"
              className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white"
            >
              {cart.items.map((item) => (
                <CartItemRow
                  key={item._id}
                  item={item}
                  disabled={cart.isPending}
                  onQuantityChange={(quantity) => reportFailure(cart.changeQuantity(item._id, quantity))}
                  // The words Add To Cart uses for a line already at 5 (decision 033).
                  onQuantityLimit={() => toast.error(QUANTITY_LIMIT_MESSAGE)}
                  onRemove={() => reportFailure(cart.removeItem(item._id))}
                />
              ))}
            </ul>
            <CartSummary totals={cart.totals} count={cart.count} />
          </div>
        </>
      )}
    </section>
  );
}
