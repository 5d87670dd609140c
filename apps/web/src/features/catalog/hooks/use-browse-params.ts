import { type CategoryValue, DEFAULT_SORT, isCategoryValue, type SortOption, sortOptions } from '@gvm/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { withFirstPage } from '../lib/pages-shown';

/** The browse state, read from the URL (docs/product/browsing.md#search-filter-and-sort: category, merchant, sortBy, q, country). */
export interface BrowseParams {
  category?: CategoryValue;
  merchant?: string;
  q?: string;
  sortBy: SortOption;
}

export type BrowseFilter = 'category' | 'merchant' | 'sortBy';

function isSortOption(value: string): value is SortOption {
  return (sortOptions as readonly string[]).includes(value);
}

/** Reads the URL's browse state, ignoring values the catalogue does not know (an old or edited link). */
export function readBrowseParams(search: URLSearchParams): BrowseParams {
  const category = search.get('category') ?? '';
  const sortBy = search.get('sortBy') ?? '';
  const merchant = search.get('merchant')?.trim();
  const q = search.get('q')?.trim();
  return {
    category: isCategoryValue(category) ? category : undefined,
    merchant: merchant || undefined,
    q: q || undefined,
    sortBy: isSortOption(sortBy) ? sortBy : DEFAULT_SORT,
  };
}

/**
 * The browse state and setters that write it back to the URL, one history entry per change; a
 * change starts the grid at its first page (the `pages` count is dropped, decision 033).
 */
export function useBrowseParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readBrowseParams(searchParams), [searchParams]);

  /** Sets one filter; an empty value, or the default sort, removes it from the URL. */
  const setFilter = useCallback(
    (name: BrowseFilter, value: string | undefined) => {
      setSearchParams((current) => {
        const next = withFirstPage(new URLSearchParams(current));
        if (!value || (name === 'sortBy' && value === DEFAULT_SORT)) next.delete(name);
        else next.set(name, value);
        // The server lets q take precedence over merchant, so a chosen brand replaces the search,
        // just as a search replaces the brand (docs/product/README.md#page-shell).
        if (name === 'merchant' && value) next.delete('q');
        return next;
      });
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchParams((current) => {
      const next = withFirstPage(new URLSearchParams(current));
      for (const name of ['category', 'merchant', 'sortBy', 'q']) next.delete(name);
      return next;
    });
  }, [setSearchParams]);

  return { params, setFilter, clearFilters };
}
