import type { Product, ProductSearchParams } from '@gvm/contract';
import { clsx } from 'clsx';
import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { QueryError } from '@/components/ui/query-error';
import { FavouriteButton } from '@/features/wishlist';
import { useSearchProducts } from '../api/search-products';
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

export function ProductList({ products }: { products: Product[] }) {
  return (
    <ul aria-label="Products" className={gridClass}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            imagePriority={index < FIRST_ROW}
            favourite={<FavouriteButton productId={product._id} merchantName={product.merchant.name} />}
          />
        </li>
      ))}
    </ul>
  );
}

/** The browse grid (spec 000 section 2 and 4): pages of 16, 'Load More' while more exist. */
export function ProductGrid({ filters, onClearFilters }: { filters: ProductSearchParams; onClearFilters(): void }) {
  const query = useSearchProducts(filters);

  if (query.isPending) return <ProductGridSkeleton />;
  // A failed first page has nothing to show; a failed later page keeps the pages already shown.
  if (!query.data) {
    return <QueryError message={query.error?.message ?? 'Could not load products.'} onRetry={() => query.refetch()} />;
  }

  const products = query.data.pages.flatMap((page) => page.products);
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
      <ProductList products={products} />
      {query.isFetchNextPageError ? (
        <QueryError
          message={query.error?.message ?? 'Could not load more products.'}
          onRetry={() => query.fetchNextPage()}
        />
      ) : null}
      <LoadMore
        shown={Math.min(products.length, total)}
        total={total}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => query.fetchNextPage()}
      />
    </div>
  );
}
