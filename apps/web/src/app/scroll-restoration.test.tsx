import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyScrollRestoration } from './lazy-scroll-restoration';
import { ScrollRestoration } from './scroll-restoration';

let scrollY = 0;
/** The page's height: a scroll stops at its bottom, as a browser's does. */
let maxScroll = 10_000;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = Math.min(y, maxScroll);
});

function scrollBy(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

function renderRoutes(restoration = <ScrollRestoration />) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            {restoration}
          </>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/product/:id', element: <h1>Product</h1> },
          { path: '/about', element: <h1>About</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** How this document was opened, as Navigation Timing tells it: a link or redirect, a reload, Back. */
function documentOpenedBy(type: NavigationTimingType) {
  const entry = { type, name: '', entryType: 'navigation', startTime: 0, duration: 0, toJSON: () => ({}) };
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
}

beforeEach(() => {
  scrollY = 0;
  maxScroll = 10_000;
  sessionStorage.clear();
  window.history.scrollRestoration = 'auto';
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  scrollTo.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('ScrollRestoration', () => {
  it('goes to the top on a new page, and back to where the shopper was on going back', async () => {
    const router = renderRoutes();
    scrollBy(1800);
    await act(() => router.navigate('/product/1'));
    expect(scrollY).toBe(0);
    scrollBy(300);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(scrollY).toBe(1800);
    // Forward again: the product page's own place.
    await act(() => router.navigate(1));
    expect(scrollY).toBe(300);
  });

  it('a link to a page seen before still opens it at the top (only history returns to a place)', async () => {
    const router = renderRoutes();
    scrollBy(1800);
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/'));
    expect(scrollY).toBe(0);
  });

  it('keeps the place on a change of query only, and carries it to the replaced entry', async () => {
    const router = renderRoutes();
    scrollBy(2400);
    scrollTo.mockClear();
    await act(() => router.navigate('/?pages=2', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
    expect(scrollY).toBe(2400);
    // No scroll since the replace: going back still finds 2400.
    await act(() => router.navigate('/product/1'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?pages=2');
    expect(scrollY).toBe(2400);
  });

  it('waits for the page to grow tall enough before it stops restoring', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      const router = renderRoutes();
      scrollBy(3000);
      await act(() => router.navigate('/product/1'));
      maxScroll = 1000; // the grid has not drawn its pages yet
      await act(() => router.navigate(-1));
      expect(scrollY).toBe(1000);
      maxScroll = 10_000; // now it has
      await act(async () => vi.advanceTimersByTime(50));
      expect(scrollY).toBe(3000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps positions across a reload of the page (sessionStorage)', async () => {
    const router = renderRoutes();
    scrollBy(900);
    await act(() => router.navigate('/product/1'));
    const saved = JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}') as Record<string, number>;
    expect(Object.values(saved)).toContain(900);
  });

  it('a page opened afresh starts at the top, though the tab kept a place for an entry opened the same way', async () => {
    // The checkout loaded afresh was left from its foot; the payment result opens on an entry
    // React Router also keys 'default'.
    sessionStorage.setItem('scroll-positions', JSON.stringify({ default: 2600, 'default /': 2600 }));
    documentOpenedBy('navigate');
    renderRoutes();
    expect(scrollTo).not.toHaveBeenCalledWith(0, 2600);
    expect(scrollY).toBe(0);
  });

  it('a reload returns to the place of the page reloaded, not of another page opened afresh', async () => {
    sessionStorage.setItem('scroll-positions', JSON.stringify({ 'default /about': 2600, 'default /': 700 }));
    documentOpenedBy('reload');
    renderRoutes();
    expect(scrollY).toBe(700);
  });

  it('loads its code with the first scroll, not with the page, and then keeps that place', async () => {
    const router = renderRoutes(<LazyScrollRestoration />);
    expect(window.history.scrollRestoration).not.toBe('manual');
    scrollBy(1200); // the shopper's first scroll: the code loads, and takes this as the entry's place
    await waitFor(() => expect(window.history.scrollRestoration).toBe('manual'));
    await act(() => router.navigate('/product/1'));
    expect(scrollY).toBe(0);
    await act(() => router.navigate(-1));
    expect(scrollY).toBe(1200);
  });

  it('opens a page reached before its code had loaded at the top', async () => {
    const router = renderRoutes(<LazyScrollRestoration />);
    scrollBy(1500);
    await act(() => router.navigate('/product/1'));
    await waitFor(() => expect(window.history.scrollRestoration).toBe('manual'));
    expect(scrollY).toBe(0);
  });
});
