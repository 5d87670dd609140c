import type { ProductSearchParams } from '@gvm/contract';
import type { BrowseFilter, BrowseParams } from '../hooks/use-browse-params';
import { FilterBar } from './filter-bar';
import { ProductGrid } from './product-grid';
import { SearchSummary } from './search-summary';

/**
 * The browse filter bar, the search's results line and the grid (docs/product/browsing.md#search-filter-and-sort): their own
 * chunk, so that on `/` with its rows they load when the shopper scrolls towards 'All gift cards'
 * (home-page.tsx, decision 032); with a category, brand or search they open the page and their
 * code is preloaded from the HTML (the `homeGrid` shell).
 */
export function BrowseResults({
  params,
  filters,
  onChange,
  onClear,
  priority,
}: {
  params: BrowseParams;
  filters: ProductSearchParams & { country: string };
  onChange(name: BrowseFilter, value: string | undefined): void;
  onClear(): void;
  /** False below the home page's rows: the grid's pictures are then not the page's first ones. */
  priority: boolean;
}) {
  return (
    <>
      <FilterBar params={params} country={filters.country} onChange={onChange} onClear={onClear} />
      <SearchSummary filters={filters} />
      <ProductGrid filters={filters} onClearFilters={onClear} priority={priority} />
    </>
  );
}
