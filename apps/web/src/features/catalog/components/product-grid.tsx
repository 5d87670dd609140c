import type { Product, ProductSearchParams } from '@gvm/contract';
import { QueryError } from '@gvm/ui/query-error';
import { clsx } from 'clsx';
import { useEffect } from 'react';
import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { FavouriteButton } from '@/features/wishlist';
import { useAfterDelay } from '@/lib/use-after-delay';
import { useSearchProducts } from '../api/search-products';
import { usePagesShown } from '../hooks/use-pages-shown';
import { BrowseEmptyState } from './browse-empty-state';
import { LoadMore } from './load-more';

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';

export function ProductGridSkeleton() {
  return (
    <div role="status" aria-label="Loading products" className={gridClass}>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The cards of the first row (four wide on a desktop, two rows of two on a phone) are on screen at once. */
const FIRST_ROW = 4;

/** `priority`: the grid opens the page, so its first row's art is fetched at once (not below the home rows). */
export function ProductList({ products, priority = true }: { products: Product[]; priority?: boolean }) {
  return (
    <ul aria-label="Products" className={gridClass}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            imagePriority={priority && index < FIRST_ROW}
            favourite={<FavouriteButton productId={product._id} merchantName={product.merchant.name} />}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * How long the previous results may stay on screen, dimmed, while a new filter's load: longer,
 * and the shopper would take them for the answer (decision 033).
 */
const PREVIOUS_RESULTS_FOR_MS = 400;

/** The browse grid (docs/product/browsing.md#browse-grid): pages of 16, 'Load More' while more exist. */
export function ProductGrid({
  filters,
  onClearFilters,
  priority = true,
}: {
  filters: ProductSearchParams;
  onClearFilters(): void;
  /** False below the home page's rows (decision 032): the grid's pictures are then not the first ones. */
  priority?: boolean;
}) {
  const query = useSearchProducts(filters);
  // Decision 033: the page count is in the URL ('Load More' writes it), so back on the grid its
  // pages are fetched again, one after another, up to that count.
  const [pagesShown, setPagesShown] = usePagesShown();
  const loaded = query.data?.pages.length ?? 0;
  const missing = !query.isPlaceholderData && query.hasNextPage && loaded < pagesShown;
  const { isFetching, isFetchNextPageError, fetchNextPage } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded`: once per page that arrives.
  useEffect(() => {
    if (missing && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [missing, loaded, isFetching, isFetchNextPageError, fetchNextPage]);
  // The previous results stay, dimmed, only briefly: a slow answer shows the skeleton instead.
  const slow = useAfterDelay(query.isPlaceholderData, PREVIOUS_RESULTS_FOR_MS);

  if (query.isPending || slow) return <ProductGridSkeleton />;
  // A failed first page has nothing to show; a failed later page keeps the pages already shown.
  if (!query.data) {
    return <QueryError message={query.error?.message ?? 'Could not load products.'} onRetry={() => query.refetch()} />;
  }

  // The URL's count, not the cache, says how many pages show: a new visit to / opens at one page.
  const products = query.data.pages.slice(0, pagesShown).flatMap((page) => page.products);
  const total = query.data.pages.at(-1)?.pagination.total ?? products.length;
  if (products.length === 0) {
    const filtered = Boolean(filters.category || filters.merchant || filters.q);
    return (
      <BrowseEmptyState q={filters.q} merchant={filters.merchant} onClear={filtered ? onClearFilters : undefined} />
    );
  }

  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={clsx('transition-opacity', query.isPlaceholderData && 'opacity-60')}
    >
      <ProductList products={products} priority={priority} />
      {query.isFetchNextPageError ? (
        <QueryError
          message={query.error?.message ?? 'Could not load more products.'}
          onRetry={() => query.fetchNextPage()}
        />
      ) : null}
      <LoadMore
        shown={Math.min(products.length, total)}
        total={total}
        hasMore={query.hasNextPage || loaded > pagesShown}
        loading={query.isFetchingNextPage || (missing && !isFetchNextPageError)}
        onLoadMore={() => setPagesShown(Math.min(loaded, pagesShown) + 1)}
      />
    </div>
  );
}
