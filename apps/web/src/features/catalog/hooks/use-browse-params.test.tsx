import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readBrowseParams, useBrowseParams } from './use-browse-params';

describe('reading the browse state from the URL', () => {
  it('reads category, merchant, q and sortBy', () => {
    expect(
      readBrowseParams(new URLSearchParams('category=food+%26+drink&merchant=Boots&q=bo&sortBy=price-asc')),
    ).toEqual({ category: 'food & drink', merchant: 'Boots', q: 'bo', sortBy: 'price-asc' });
  });

  it('defaults to merchant-az and ignores values the catalogue does not know', () => {
    expect(readBrowseParams(new URLSearchParams('category=cars&sortBy=random&q=%20%20'))).toEqual({
      category: undefined,
      merchant: undefined,
      q: undefined,
      sortBy: 'merchant-az',
    });
  });
});

let latest: ReturnType<typeof useBrowseParams> | undefined;
/** Hands the hook's setters to the test. */
function Probe() {
  latest = useBrowseParams();
  return null;
}

describe('changing the browse state', () => {
  function renderAt(url: string) {
    const router = createMemoryRouter([{ path: '/', Component: Probe }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
    return { router, browse: () => latest as ReturnType<typeof useBrowseParams> };
  }

  it('starts the grid at its first page again: a filter or clearing drops the page count (decision 033)', async () => {
    const { router, browse } = renderAt('/?sortBy=price-asc&pages=3');
    act(() => browse().setFilter('category', 'fashion'));
    expect(router.state.location.search).toBe('?sortBy=price-asc&category=fashion');
    // navigate resolves once the router has moved: an async act, awaited.
    await act(() => router.navigate('/?category=fashion&pages=2'));
    act(() => browse().clearFilters());
    expect(router.state.location.search).toBe('');
  });
});
