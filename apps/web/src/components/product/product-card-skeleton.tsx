/**
 * A grey placeholder the shape of a product card, shown while products load. `artSlot`: the
 * card's place in the top sellers' row, marked on its art box (`data-row-art`) for the server,
 * which paints that top seller's picture there in the page's HTML (apps/api/src/plugins/first-row.ts).
 */
export function ProductCardSkeleton({ artSlot }: { artSlot?: number }) {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-gray-100 bg-white">
      <div className="aspect-[4/3] animate-pulse bg-gray-100" data-row-art={artSlot} />
      <div className="space-y-2 p-3 sm:p-4">
        <div className="h-2.5 w-1/3 animate-pulse rounded bg-gray-100" />
        <div className="h-4 w-3/4 animate-pulse rounded bg-gray-100" />
        <div className="h-3.5 w-1/2 animate-pulse rounded bg-gray-100" />
      </div>
    </div>
  );
}
