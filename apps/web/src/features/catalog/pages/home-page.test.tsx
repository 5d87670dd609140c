import { catalogEndpoints, type Product, type ProductShelvesResponse } from '@gvm/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { renderRoutes } from '@/test/render-routes';
import { HomePage } from './home-page';

function product(index: number, name: string): Product {
  return testProduct({
    _id: `0b6f1c3e-1a2b-4c5d-8e9f-${String(index).padStart(12, '0')}`,
    merchant: { name, redemptionUrl: null },
    imageUrl: `/api/v1/logos/P${index}.svg`,
  });
}

const topSellers = [product(1, 'Tesco'), product(2, 'Boots'), product(3, 'Apple')];
const shelves: ProductShelvesResponse = {
  occasions: [
    { slug: 'birthday', title: 'Birthday', products: [product(10, 'LEGO'), product(11, 'ASOS')] },
    { slug: 'thank-you', title: 'Thank you', products: [product(12, 'Costa Coffee')] },
  ],
  priceBands: [{ slug: 'under-25', title: 'Under £25', products: [product(20, 'Greggs')] }],
};
const grid = [product(30, 'Activity Superstore'), product(31, 'AO'), product(32, 'Argos')];

let server: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => server?.restore());

function serve() {
  server = installFakeApi({
    ...fakeEndpoint(catalogEndpoints.topSellers, () => ({ status: 200, body: { products: topSellers } })),
    ...fakeEndpoint(catalogEndpoints.shelves, () => ({ status: 200, body: shelves })),
    ...fakeEndpoint(catalogEndpoints.search, () => ({
      status: 200,
      body: { products: grid, pagination: { currentPage: 1, totalPages: 1, total: grid.length } },
    })),
    ...fakeEndpoint(catalogEndpoints.filters, () => ({ status: 200, body: { categories: [], merchants: [] } })),
  });
  return server;
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent);

describe('the home page without a category, brand or search (decision 032)', () => {
  it('shows the top sellers first, then the occasions and the price bands, then the A-Z grid', async () => {
    serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    expect(screen.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeInTheDocument();
    const top = await screen.findByRole('list', { name: 'Top sellers' }, { timeout: 5000 });
    expect(names(top).map((text) => text?.includes('Tesco'))[0]).toBe(true);
    const birthday = await screen.findByRole('list', { name: 'Birthday' }, { timeout: 5000 });
    expect(within(birthday).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Under £25' })).toBeInTheDocument();
    const products = await screen.findByRole('list', { name: 'Products' }, { timeout: 5000 });
    // The headings in page order (not the cards' names): the rows, their groups, then the grid.
    const headings = screen
      .getAllByRole('heading')
      .filter((heading) => !heading.closest('article'))
      .map((heading) => heading.textContent);
    expect(headings.slice(0, headings.indexOf('All gift cards') + 1)).toEqual([
      'TOP SELLERS!',
      'Top sellers',
      'Shop by occasion',
      'Birthday',
      'Thank you',
      'Shop by price',
      'Under £25',
      'All gift cards',
    ]);
    // Every card is a link to its product; the rows' first cards are the page's first pictures.
    expect(within(top).getAllByRole('link')[0]).toHaveAttribute('href', `/product/${topSellers[0]?._id}`);
    expect(within(products).getAllByRole('listitem')).toHaveLength(3);
    // No search, no results line.
    expect(screen.queryByText(/Results for/)).not.toBeInTheDocument();
    // The grid is below the rows: its art loads lazily; the top sellers' is fetched first.
    const priorities = (list: HTMLElement) =>
      Array.from(list.querySelectorAll('img'), (image) => image.getAttribute('fetchpriority'));
    expect(priorities(products)).toEqual(['auto', 'auto', 'auto']);
    expect(priorities(top)).toEqual(['high', 'high', 'high']);
  });
});

describe('the home page below its rows (decision 032: the grid loads near the viewport)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("draws 'All gift cards' at once, and the filter bar and grid, code and data, only when the shopper nears them", async () => {
    // A browser's observer: nothing is in view until the test says so.
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
      },
    );
    const api = serve();
    const { router } = renderRoutes([{ path: '/', element: <HomePage /> }], '/');
    await screen.findByRole('list', { name: 'Top sellers' }, { timeout: 5000 });
    const heading = screen.getByRole('heading', { name: 'All gift cards' });
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    const paths = () => api.requests.map((request) => request.path);
    expect(paths()).not.toContain('/products/search');
    expect(paths()).not.toContain('/products/filters');
    // The grid's place comes into view: the observer watching the box under the heading says so.
    const box = heading.nextElementSibling;
    const watching = observers.find((observer) => box !== null && observer.targets.includes(box));
    expect(watching).toBeDefined();
    act(() => watching?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('list', { name: 'Products' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();

    // Off to another page and back: the grid drawn before is drawn at once (the scroll
    // restoration needs the page's height), with no observer saying it is in view again.
    await act(() => router.navigate('/somewhere'));
    expect(await screen.findByText('Now at /somewhere')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('list', { name: 'Products' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  }, 15_000);
});

describe('the home page with a search, brand or category', () => {
  it('says what was searched and how many gift cards match, politely, without the rows', async () => {
    const api = serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], '/?q=ama');
    const status = await screen.findByText('Results for "ama" · 3 gift cards', {}, { timeout: 5000 });
    expect(status).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('list', { name: 'Top sellers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shop by occasion' })).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Products' })).toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).not.toContain('/products/shelves');
    expect(api.requests.map((request) => request.path)).not.toContain('/products/top-sellers');
  });

  it.each(['/?category=fashion', '/?merchant=Argos'])('%s shows the grid alone, as before', async (path) => {
    serve();
    renderRoutes([{ path: '/', element: <HomePage /> }], path);
    expect(await screen.findByRole('list', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Top sellers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Results for/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'All gift cards' })).not.toBeInTheDocument());
  });
});
