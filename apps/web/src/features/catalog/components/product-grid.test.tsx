import type { ProductSearchParams, ProductSearchResponse } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { testProduct } from '@/test/products';
import { searchProductsQueryOptions } from '../api/search-products';
import { emptyResultsMessage } from './browse-empty-state';
import { ProductGrid, ProductList } from './product-grid';

const noProducts: ProductSearchResponse = { products: [], pagination: { currentPage: 1, totalPages: 0, total: 0 } };

/** Renders the grid for a search whose answer, from the test's own catalogue, is empty. */
function renderEmptyGrid(filters: ProductSearchParams, onClearFilters = vi.fn()) {
  const queryClient = createQueryClient();
  // The answer below stays the answer: no request leaves the test.
  queryClient.setQueryDefaults(['products'], { staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(searchProductsQueryOptions(filters).queryKey, {
    pages: [noProducts],
    pageParams: [1],
  });
  const router = createMemoryRouter([
    { path: '/', element: <ProductGrid filters={filters} onClearFilters={onClearFilters} /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return onClearFilters;
}

describe('the browse grid when nothing matches (spec 000 section 2)', () => {
  it('names the searched merchant', () => {
    renderEmptyGrid({ merchant: 'Harrods', sortBy: 'merchant-az', country: 'GB' });
    expect(screen.getByText('No products found for "Harrods"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all gift cards' })).toBeInTheDocument();
  });

  it('names the searched text, which takes precedence over the merchant', () => {
    renderEmptyGrid({ q: 'zzz', merchant: 'Harrods', sortBy: 'merchant-az', country: 'GB' });
    expect(screen.getByText('No products found for "zzz"')).toBeInTheDocument();
  });

  it('without a search, speaks of the country', () => {
    renderEmptyGrid({ sortBy: 'merchant-az', country: 'GB' });
    expect(screen.getByText('No products found for your country.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all gift cards' })).not.toBeInTheDocument();
  });

  it('a category with no products also speaks of the country', () => {
    expect(emptyResultsMessage({})).toBe('No products found for your country.');
    renderEmptyGrid({ category: 'travel', sortBy: 'merchant-az', country: 'GB' });
    expect(screen.getByText('No products found for your country.')).toBeInTheDocument();
  });
});

describe('the browse grid’s card art (issue 12 §1)', () => {
  it('fetches the first row’s art at once and first, and the rest lazily', () => {
    const products = Array.from({ length: 6 }, (_, i) =>
      testProduct({
        _id: `p-${i}`,
        imageUrl: `/api/v1/logos/P${i}.svg`,
        merchant: { name: `Shop ${i}`, redemptionUrl: null },
      }),
    );
    const router = createMemoryRouter([{ path: '/', element: <ProductList products={products} /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const images = [...document.querySelectorAll('ul[aria-label="Products"] img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.filter((image) => image.getAttribute('fetchpriority') === 'high')).toHaveLength(4);
  });
});
