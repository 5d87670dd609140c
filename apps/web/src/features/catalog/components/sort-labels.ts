import type { SortOption } from '@gvm/contract';

/** Readable names for the six sort options (docs/product/browsing.md#search-filter-and-sort), in the order they are offered. */
export const sortLabels: Readonly<Record<SortOption, string>> = {
  'merchant-az': 'Brand: A to Z',
  'merchant-za': 'Brand: Z to A',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'category-az': 'Category: A to Z',
  'category-za': 'Category: Z to A',
};
