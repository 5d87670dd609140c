import type { ProductSearchParams } from '@gvm/contract';
import { clsx } from 'clsx';
import { useSearchProducts } from '../api/search-products';

/** '3 gift cards', '1 gift card'. */
export function giftCardCount(total: number): string {
  return `${total} gift ${total === 1 ? 'card' : 'cards'}`;
}

/**
 * While a search is active (decision 032): 'Results for "ama" · 3 gift cards', the query as the
 * shopper typed it and the search's total. A polite live region that stays on the page, empty
 * without a search, so a new search's count is announced when it arrives; the count waits while
 * the previous search's results are still shown (they are dimmed meanwhile).
 */
export function SearchSummary({ filters }: { filters: ProductSearchParams }) {
  const query = useSearchProducts(filters);
  const total = query.isPlaceholderData ? undefined : query.data?.pages.at(-1)?.pagination.total;
  return (
    <p role="status" className={clsx(filters.q ? 'text-sm font-medium text-gray-700 sm:text-base' : 'sr-only')}>
      {filters.q ? `Results for "${filters.q}"` : null}
      {filters.q && total !== undefined ? ` · ${giftCardCount(total)}` : null}
    </p>
  );
}
