import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, apiUrl } from './api-path';
import { catalogueUrls } from './catalog';

describe('apiUrl', () => {
  it('puts the path under the base path, fills its params and encodes its query as a browser form does', () => {
    expect(API_BASE_PATH).toBe('/api/v1');
    expect(apiUrl('/products/:id', { params: { id: 'a b/c' } })).toBe('/api/v1/products/a%20b%2Fc');
    expect(apiUrl('/products/search', { query: { q: "M&S (Marks) ~ O'Neill!", page: '1' } })).toBe(
      '/api/v1/products/search?q=M%26S+%28Marks%29+%7E+O%27Neill%21&page=1',
    );
    expect(apiUrl('/orders/status')).toBe('/api/v1/orders/status');
  });

  it('builds the catalogue reads the server makes for a first page', () => {
    expect(catalogueUrls.topSellers({ limit: '8', country: 'GB' })).toBe(
      '/api/v1/products/top-sellers?limit=8&country=GB',
    );
    expect(catalogueUrls.filters({ country: 'GB', category: 'fashion' })).toBe(
      '/api/v1/products/filters?country=GB&category=fashion',
    );
    expect(catalogueUrls.search({ q: 'john lewis', page: '1' })).toBe('/api/v1/products/search?q=john+lewis&page=1');
    expect(catalogueUrls.product('HMV-GB')).toBe('/api/v1/products/HMV-GB');
  });
});
