import { categoryNames, categoryValues, DEFAULT_SORT, isCategoryValue, sortOptions } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { X } from 'lucide-react';
import { useProductFilters } from '../api/get-product-filters';
import type { BrowseFilter, BrowseParams } from '../hooks/use-browse-params';
import { FilterSelect } from './filter-select';
import { sortLabels } from './sort-labels';

interface FilterBarProps {
  params: BrowseParams;
  /** The shopper's country; the grid is fixed to it (docs/product/browsing.md#country). */
  country: string;
  onChange(name: BrowseFilter, value: string | undefined): void;
  onClear(): void;
}

const countryNames: Readonly<Record<string, string>> = { GB: 'United Kingdom' };

/** The browse filter bar (docs/product/browsing.md#search-filter-and-sort): country, category, brand and sort, kept in the URL. */
export function FilterBar({ params, country, onChange, onClear }: FilterBarProps) {
  // Only the categories sold in the country, and the brands sold in the country and the chosen
  // category: a brand the shopper can pick always has products (decision 031).
  const filters = useProductFilters({ country, category: params.category });
  // The fifteen categories are known up front, so the list never waits for the server.
  const categoryList = (filters.data?.categories ?? categoryValues).filter(isCategoryValue);
  const merchants = filters.data?.merchants ?? [];
  // The chosen brand stays listed and selected even where the list lacks it (a shared link, or a
  // category it does not sell in): the shopper's choice is not dropped behind their back, and the
  // grid's 'No products found for "…"' with Clear filters says why nothing shows (decision 031).
  const merchantOptions =
    params.merchant && !merchants.includes(params.merchant) ? [params.merchant, ...merchants] : merchants;
  const filtered = Boolean(params.category || params.merchant || params.q || params.sortBy !== DEFAULT_SORT);

  return (
    <section
      aria-label="Filters"
      className="grid grid-cols-2 gap-3 rounded-2xl border border-gray-100 bg-white p-4 shadow-sm md:grid-cols-[repeat(4,minmax(0,1fr))_auto] md:items-end"
    >
      <FilterSelect label="Country" value={country} disabled title="Vouchers are currently sold for the UK">
        <option value={country}>{countryNames[country] ?? country}</option>
      </FilterSelect>
      <FilterSelect
        label="Category"
        value={params.category ?? ''}
        onChange={(event) => onChange('category', event.target.value)}
      >
        <option value="">All categories</option>
        {categoryList.map((value) => (
          <option key={value} value={value}>
            {categoryNames[value]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Brand"
        value={params.merchant ?? ''}
        onChange={(event) => onChange('merchant', event.target.value)}
      >
        <option value="">All brands</option>
        {merchantOptions.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Sort by" value={params.sortBy} onChange={(event) => onChange('sortBy', event.target.value)}>
        {sortOptions.map((value) => (
          <option key={value} value={value}>
            {sortLabels[value]}
          </option>
        ))}
      </FilterSelect>
      {filtered ? (
        <Button variant="ghost" className="col-span-2 text-brand-700 hover:bg-brand-50 md:col-span-1" onClick={onClear}>
          <X className="h-4 w-4" aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </section>
  );
}
