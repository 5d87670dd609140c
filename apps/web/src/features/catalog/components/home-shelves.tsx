import type { ProductShelf } from '@gvm/contract';
import { QueryError } from '@/components/ui/query-error';
import { toApiError } from '@/lib/api-client';
import { useShelves } from '../api/get-shelves';
import { ProductRow } from './product-row';
import { PlaceholderCards, rowHeadingClass, rowListClass } from './product-row-skeleton';

/** The rows' groups as the server answers them for GB: five occasions, four price bands. */
const GROUPS = [
  { key: 'occasions', rows: ['a', 'b', 'c', 'd', 'e'] },
  { key: 'prices', rows: ['a', 'b', 'c', 'd'] },
];

/** The rows' place while their data load: rows of the real rows' sizes; the titles are the server's, so grey bars. */
function HomeShelvesSkeleton() {
  return (
    <div role="status" aria-label="Loading more gift cards" className="space-y-10">
      {GROUPS.map((group) => (
        <div key={group.key} aria-hidden="true" className="space-y-6">
          <div className="h-7 w-56 animate-pulse rounded bg-gray-100 sm:h-8" />
          {group.rows.map((row) => (
            <div key={row} className="space-y-3">
              <div className="h-7 w-32 animate-pulse rounded bg-gray-100" />
              <div className={rowListClass}>
                <PlaceholderCards />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function ShelfGroup({ id, title, rows }: { id: string; title: string; rows: ProductShelf[] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-6">
      <h2 id={id} className={rowHeadingClass}>
        {title}
      </h2>
      {rows.map((row) => (
        <ProductRow
          key={row.slug}
          id={`${id}-${row.slug}`}
          heading={
            <h3 id={`${id}-${row.slug}`} className="text-lg font-bold tracking-tight">
              {row.title}
            </h3>
          }
          products={row.products}
        />
      ))}
    </section>
  );
}

/**
 * The home page's rows below the top sellers (issue 12 §2): the occasions, curated by the
 * catalogue, then the price bands. Loaded, code and data, when the shopper comes near them
 * (home-page.tsx, decision 032).
 */
export function HomeShelves() {
  const shelves = useShelves();
  if (shelves.isPending) return <HomeShelvesSkeleton />;
  if (shelves.isError) {
    return <QueryError message={toApiError(shelves.error).message} onRetry={() => shelves.refetch()} />;
  }
  return (
    <div className="space-y-10">
      <ShelfGroup id="shop-by-occasion" title="Shop by occasion" rows={shelves.data.occasions} />
      <ShelfGroup id="shop-by-price" title="Shop by price" rows={shelves.data.priceBands} />
    </div>
  );
}
