import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusOnRouteChange } from './route-focus';

function Layout({ askedOn }: { askedOn?: string }) {
  useFocusOnRouteChange(askedOn);
  return (
    <>
      <Link to="/checkout">Proceed to Checkout</Link>
      <input aria-label="Search" />
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes with its data, a moment after the page. */
function LoadingPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Product</h1> : <p>Loading</p>;
}

function renderAt(url: string, askedOn?: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout askedOn={askedOn} />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/checkout', element: <h1>Checkout</h1> },
          { path: '/loading', element: <LoadingPage /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the focus on a route change', () => {
  it('stays where it is on the first page', () => {
    renderAt('/');
    expect(document.body).toHaveFocus();
  });

  it("moves to the new page's main heading, which is then not in the Tab order", async () => {
    const router = renderAt('/');
    screen.getByRole('link', { name: 'Proceed to Checkout' }).focus();
    await act(() => router.navigate('/checkout'));
    const heading = screen.getByRole('heading', { level: 1, name: 'Checkout' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves to the main region while the page has no heading, and to the heading once drawn', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/loading'));
    expect(screen.getByRole('main')).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Product' })).toHaveFocus();
  });

  it('stays put on a change of query only, and in a field being typed in', async () => {
    const router = renderAt('/');
    screen.getByRole('link', { name: 'Proceed to Checkout' }).focus();
    await act(() => router.navigate('/?q=red'));
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveFocus();
    screen.getByRole('textbox', { name: 'Search' }).focus();
    await act(() => router.navigate('/checkout'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('moves when its code arrives after the shopper has already gone to another page', () => {
    renderAt('/checkout', 'an earlier entry');
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
  });
});
