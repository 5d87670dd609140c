import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';

const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
// Eight cards: 2 or 4 to a row, never 3 (which left a gap in the last row at 768 px).
export const topSellersGridClass = 'mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-4';

/** The top sellers' heading and the cards' places, as `TopSellersSection` draws them while loading. */
export function TopSellersPlaceholder() {
  return (
    <section aria-labelledby="top-sellers-heading" className="mt-16">
      <TopSellersHeading />
      <div role="status" aria-label="Loading the top sellers" className={topSellersGridClass}>
        {PLACEHOLDERS.map((key) => (
          <ProductCardSkeleton key={key} />
        ))}
      </div>
    </section>
  );
}

export function TopSellersHeading() {
  return (
    <>
      <h2 id="top-sellers-heading" className="text-2xl font-bold tracking-tight">
        Top Sellers
      </h2>
      <p className="mt-1 text-gray-500">The gift cards shoppers choose most.</p>
    </>
  );
}
