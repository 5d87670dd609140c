/**
 * The browse options (docs/product/browsing.md#search-filter-and-sort), apart from the schemas that use them: they need
 * no zod, so the web's first load can import them without it (decision 023). `./catalog`
 * re-exports them.
 */
export const sortOptions = [
  'merchant-az',
  'merchant-za',
  'price-asc',
  'price-desc',
  'category-az',
  'category-za',
] as const;
export type SortOption = (typeof sortOptions)[number];
export const DEFAULT_SORT: SortOption = 'merchant-az';

export const PAGE_SIZE = 16;
export const MAX_PAGE_SIZE = 100;
