import type { ProductSearchParams, ProductSearchResponse } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/http-client';
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

describe('the browse grid when nothing matches (docs/product/browsing.md#browse-grid)', () => {
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

describe('the browse grid’s card art (decision 028)', () => {
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

/** The grid under a button that changes its sort, as the filter bar does. */
function SortSwitcher({ filters }: { filters: ProductSearchParams }) {
  const [sortBy, setSortBy] = useState<ProductSearchParams['sortBy']>(filters.sortBy);
  return (
    <>
      <button type="button" onClick={() => setSortBy('price-asc')}>
        Sort by price
      </button>
      <ProductGrid filters={{ ...filters, sortBy }} onClearFilters={vi.fn()} />
    </>
  );
}

describe('the grid’s pages in the URL, and a slow answer (decision 033)', () => {
  const filters: ProductSearchParams = { sortBy: 'merchant-az', country: 'GB' };
  const TOTAL = 40;

  function page(number: number): ProductSearchResponse {
    const first = (number - 1) * 16;
    const products = Array.from({ length: Math.min(16, TOTAL - first) }, (_, i) =>
      testProduct({ _id: `p-${first + i}`, merchant: { name: `Shop ${first + i}`, redemptionUrl: null } }),
    );
    return { products, pagination: { currentPage: number, totalPages: 3, total: TOTAL } };
  }

  const original = api.transport;
  let requested: string[] = [];
  beforeEach(() => {
    requested = [];
    api.transport = async (url) => {
      requested.push(url);
      const number = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return new Response(JSON.stringify(page(number)), { headers: { 'Content-Type': 'application/json' } });
    };
  });
  afterEach(() => {
    api.transport = original;
  });

  function renderGrid(url: string, element = <ProductGrid filters={filters} onClearFilters={vi.fn()} />) {
    const queryClient = createQueryClient();
    queryClient.setQueryDefaults(['products'], { staleTime: Number.POSITIVE_INFINITY });
    // The page arrived with the first page (decision 024), as the server embeds it.
    queryClient.setQueryData(searchProductsQueryOptions(filters).queryKey, { pages: [page(1)], pageParams: [1] });
    const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [url] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  const cards = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');

  it('draws as many pages as the URL says, fetching the missing ones one after another', async () => {
    renderGrid('/?pages=3');
    await waitFor(() => expect(cards()).toHaveLength(TOTAL));
    expect(requested.map((url) => new URL(url, 'http://localhost').searchParams.get('page'))).toEqual(['2', '3']);
    expect(screen.getByText(`Showing ${TOTAL} of ${TOTAL}`)).toBeInTheDocument();
  });

  it('Load More writes the page count into the URL, replacing the history entry', async () => {
    const router = renderGrid('/?category=fashion');
    expect(cards()).toHaveLength(16);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(cards()).toHaveLength(32));
    expect(router.state.location.search).toBe('?category=fashion&pages=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the URL’s count of pages, not all the cache holds; Load More then needs no request', async () => {
    const router = renderGrid('/');
    // The cache holds two pages from an earlier visit.
    await act(() => router.navigate('/?pages=2', { replace: true }));
    await waitFor(() => expect(cards()).toHaveLength(32));
    await act(() => router.navigate('/'));
    expect(cards()).toHaveLength(16);
    expect(screen.getByText(`Showing 16 of ${TOTAL}`)).toBeInTheDocument();
    requested = [];
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(cards()).toHaveLength(32);
    expect(requested).toEqual([]);
  });

  it('does not keep the previous results on screen while a slow answer for new filters runs', async () => {
    api.transport = () => new Promise<Response>(() => {}); // never answers
    renderGrid('/', <SortSwitcher filters={filters} />);
    expect(cards()).toHaveLength(16);
    await userEvent.click(screen.getByRole('button', { name: 'Sort by price' }));
    // At first the old results stay, dimmed and marked busy; then the skeleton takes their place.
    expect(cards()).toHaveLength(16);
    expect(await screen.findByRole('status', { name: 'Loading products' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });
});
