import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { initialDataKeys } from '@/lib/initial-data';
import { readBrowseParams } from '../hooks/use-browse-params';
import { SEARCH_COUNTRY } from '../hooks/use-user-country';
import { productQueryOptions } from './get-product';
import { productFiltersQueryOptions } from './get-product-filters';
import { topSellersQueryOptions } from './get-top-sellers';
import { searchProductsQueryOptions } from './search-products';

describe('the keys the page data is seeded under (decision 024)', () => {
  it("are the browse grid's key for the filters the server embeds", () => {
    // What the home page asks for on `/` and on a filtered link, and the server's `params` for them.
    const cases = [
      ['', { sortBy: 'merchant-az', country: 'GB' }],
      [
        '?category=fashion&q=%20ar%20&sortBy=price-asc',
        { category: 'fashion', q: 'ar', sortBy: 'price-asc', country: 'GB' },
      ],
    ] as const;
    for (const [search, embedded] of cases) {
      const filters = { ...readBrowseParams(new URLSearchParams(search)), country: SEARCH_COUNTRY };
      expect(hashKey(initialDataKeys.search(embedded))).toBe(hashKey(searchProductsQueryOptions(filters).queryKey));
    }
  });

  it("is the product page's key for the id in the path", () => {
    expect(initialDataKeys.product('abc')).toEqual(productQueryOptions('abc').queryKey);
  });

  it("are the filter bar's and the top sellers' keys", () => {
    // The server embeds the lists for { country } or { country, category } (apps/api's web-app.ts).
    expect(initialDataKeys.filters({ country: 'GB' })).toEqual(
      productFiltersQueryOptions({
        country: SEARCH_COUNTRY,
        category: readBrowseParams(new URLSearchParams()).category,
      }).queryKey,
    );
    expect(initialDataKeys.filters({ country: 'GB', category: 'fashion' })).toEqual(
      productFiltersQueryOptions({ country: SEARCH_COUNTRY, category: 'fashion' }).queryKey,
    );
    expect(initialDataKeys.topSellers()).toEqual(topSellersQueryOptions().queryKey);
  });
});
