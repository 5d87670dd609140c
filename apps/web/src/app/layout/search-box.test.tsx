import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{location.pathname + location.search}</output>;
}

function Shell() {
  return (
    <>
      <SearchBox />
      <Link to="/about">About</Link>
      <CurrentUrl />
      <Outlet />
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { index: true, element: <p>Home</p> },
          { path: 'about', element: <p>About page</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

const box = () => screen.getByRole('searchbox', { name: 'Search by merchant name' });
const url = () => screen.getByRole('status', { name: 'Current URL' }).textContent;

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the header search box (docs/product/README.md#page-shell)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the placeholder 'Search by merchant name...'", () => {
    renderAt('/');
    expect(box()).toHaveAttribute('placeholder', 'Search by merchant name...');
  });

  it('searches 500 ms after the last keystroke, not before', async () => {
    const { user } = renderAt('/');
    await user.type(box(), 'boots');
    await wait(SEARCH_DEBOUNCE_MS - 100);
    expect(url()).toBe('/');
    await wait(100);
    expect(url()).toBe('/?q=boots');
  });

  it('keeps the other filters but removes the merchant filter', async () => {
    const { user } = renderAt('/?category=fashion&merchant=Argos&sortBy=price-asc');
    await user.type(box(), 'asos');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(url()).toBe('/?category=fashion&sortBy=price-asc&q=asos');
  });

  it('starts the grid at its first page again: the page count is dropped (decision 033)', async () => {
    const { user } = renderAt('/?category=fashion&pages=3');
    await user.type(box(), 'asos');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(url()).toBe('/?category=fashion&q=asos');
  });

  it('searching from another page goes to / with q set', async () => {
    const { user } = renderAt('/about');
    await user.type(box(), 'argos{Enter}');
    expect(url()).toBe('/?q=argos');
  });

  it('shows the search from the URL and clears it with the clear button', async () => {
    const { user } = renderAt('/?q=boots&category=fashion');
    expect(box()).toHaveValue('boots');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box()).toHaveValue('');
    expect(url()).toBe('/?category=fashion');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('leaving / clears the box, even when the search has not run yet', async () => {
    const { user } = renderAt('/?q=boots');
    await user.type(box(), ' gift');
    await user.click(screen.getByRole('link', { name: 'About' }));
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(url()).toBe('/about');
    expect(box()).toHaveValue('');
  });

  it('follows the URL when the shopper goes back', async () => {
    const { router, user } = renderAt('/');
    await user.type(box(), 'boots');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(url()).toBe('/?q=boots');
    await act(() => router.navigate(-1));
    expect(url()).toBe('/');
    expect(box()).toHaveValue('');
  });
});
