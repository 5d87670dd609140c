import { QueryError } from '@gvm/ui/query-error';
import { ProductCard } from '@/components/product/product-card';
import { FavouriteButton } from '@/features/wishlist';
import { toApiError } from '@/lib/api-client';
import { useTopSellers } from '../api/get-top-sellers';
import { topSellersGridClass as gridClass, TopSellersHeading, TopSellersPlaceholder } from './top-sellers-placeholder';

/** docs/product/browsing.md#home: the top sellers under the product (limit 8, country GB). */
export function TopSellersSection() {
  const topSellers = useTopSellers();
  if (topSellers.isPending) return <TopSellersPlaceholder />;
  return (
    <section aria-labelledby="top-sellers-heading" className="mt-16">
      <TopSellersHeading />
      {topSellers.isError ? (
        <QueryError message={toApiError(topSellers.error).message} onRetry={() => topSellers.refetch()} />
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
