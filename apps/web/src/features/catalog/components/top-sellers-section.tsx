import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { QueryError } from '@/components/ui/query-error';
import { FavouriteButton } from '@/features/wishlist';
import { toApiError } from '@/lib/api-client';
import { useTopSellers } from '../api/get-top-sellers';

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const gridClass = 'mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';

/** Spec 000 sections 2 and 9: the top sellers under the product (limit 8, country GB). */
export function TopSellersSection() {
  const topSellers = useTopSellers();
  return (
    <section aria-labelledby="top-sellers-heading" className="mt-16">
      <h2 id="top-sellers-heading" className="text-2xl font-bold tracking-tight">
        Top Sellers
      </h2>
      <p className="mt-1 text-gray-500">The gift cards shoppers choose most.</p>
      {topSellers.isError ? (
        <QueryError message={toApiError(topSellers.error).message} onRetry={() => topSellers.refetch()} />
      ) : topSellers.isPending ? (
        <div role="status" aria-label="Loading the top sellers" className={gridClass}>
          {PLACEHOLDERS.map((key) => (
            <ProductCardSkeleton key={key} />
          ))}
        </div>
      ) : (
        <ul aria-label="Top sellers" className={gridClass}>
          {topSellers.data.map((product) => (
            <li key={product._id}>
              <ProductCard
                product={product}
                favourite={<FavouriteButton productId={product._id} merchantName={product.merchant.name} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
