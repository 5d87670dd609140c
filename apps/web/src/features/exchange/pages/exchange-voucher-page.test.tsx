import { type ActiveOrder, catalogEndpoints, type OrderDetail, type Product, voucherEndpoints } from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/http-client';
import { type EndpointAnswer, fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { renderRoutes } from '@/test/render-routes';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { ExchangeConfirmationPage } from './exchange-confirmation-page';
import { ExchangeVoucherPage } from './exchange-voucher-page';

const ada = testUser();
const voucher: OrderDetail = {
  _id: 'order-1',
  imageUrl: '',
  merchant: { name: 'Argos', redemptionUrl: '/vouchers/order-1' },
  productCode: 'ARGOS-GB',
  currency: 'GBP',
  valuePurchased: 25,
  isActivated: false,
  isActive: true,
};
const issued: ActiveOrder = {
  _id: 'order-2',
  merchant: { name: 'Boots', redemptionUrl: '/vouchers/order-2' },
  productCode: 'BOOTS-GB',
  currency: 'GBP',
  valuePurchased: 25,
  isActivated: false,
  imageUrl: '',
  country: ['GB'],
  createdAt: '2026-11-22T10:00:00.000Z',
};
let id = 0;
const product = (merchant: string, overrides: Partial<Product> = {}) =>
  testProduct({
    _id: `product-${++id}`,
    merchant: { name: merchant, redemptionUrl: null },
    productCode: `${merchant.toUpperCase().replace(/\W/g, '')}-GB`,
    ...overrides,
  });
const catalogue: Product[] = [
  product('Argos', { productCode: 'ARGOS-GB' }),
  product('Boots', { imageUrl: '/api/v1/logos/BOOTS-GB.svg' }),
  product('Currys', { minPrice: 5, maxPrice: 20, denominations: [] }),
  product('Dunelm', { minPrice: 10, maxPrice: 20, denominations: [10, 25] }),
  product('Euro Shop', { currency: 'EUR' }),
  product('Fnac', { country: ['FR', 'BE'] }),
  product('Greggs', { country: ['FR', 'GB'], maxPrice: 25 }),
];
let restoreApi = () => {};

/** The fake server sees paths only: the catalogue queries are read from the client's calls. */
function spyOnQueries() {
  const request = vi.spyOn(api, 'request');
  return () => request.mock.calls.filter(([config]) => config.url === '/products').map(([config]) => config.params);
}

function serve(routes: Routes = {}, products: Product[] = catalogue) {
  const fake = installFakeApi({
    ...fakeEndpoint(catalogEndpoints.list, () => ({
      status: 200,
      body: { products, pagination: { currentPage: 1, totalPages: 1, total: products.length } },
    })),
    ...fakeEndpoint(voucherEndpoints.get, () => ({ status: 200, body: voucher })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

function renderExchange(search: string) {
  const view = renderRoutes(
    [
      { path: '/exchange-voucher', Component: ExchangeVoucherPage },
      { path: '/exchange-confirmation', Component: ExchangeConfirmationPage },
    ],
    `/exchange-voucher${search}`,
  );
  signInAs(view.queryClient, ada);
  return { ...view, user: userEvent.setup() };
}

const FULL = '?id=order-1&amount=25&country=GB&currency=GBP';

async function optionNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Exchange options' });
  return within(list)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
  signOut();
});

describe('the exchange page (/exchange-voucher, docs/product/vouchers-and-gifts.md#exchange)', () => {
  it.each([
    '?id=order-1&country=GB&currency=GBP',
    '?id=order-1&amount=25&currency=GBP',
    '?id=order-1&amount=25&country=GB',
  ])("%s lacks a parameter: 'Missing required product information'", (search) => {
    const requests = serve();
    renderExchange(search);
    expect(screen.getByRole('alert')).toHaveTextContent('Missing required product information');
    expect(requests).toEqual([]);
  });

  it('lists the products of the country and currency that accept the amount, not the voucher’s own', async () => {
    const sent = spyOnQueries();
    serve();
    renderExchange(FULL);
    expect(await optionNames()).toEqual([
      'BootsExchange for £25.00',
      'DDunelmExchange for £25.00',
      'GGreggsExchange for £25.00',
    ]);
    expect(sent()).toEqual([{ limit: 100, page: 1, country: 'GB' }]);
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('reads every page of the catalogue, up to 1000 products', async () => {
    const pages: Product[][] = [[product('Boots')], [product('Dunelm')]];
    let served = 0;
    const sent = spyOnQueries();
    serve({
      ...fakeEndpoint(catalogEndpoints.list, () => {
        served += 1;
        return {
          status: 200,
          body: { products: pages[served - 1] ?? [], pagination: { currentPage: served, totalPages: 2, total: 2 } },
        };
      }),
    });
    renderExchange(FULL);
    expect(await optionNames()).toHaveLength(2);
    expect(sent()).toEqual([
      { limit: 100, page: 1, country: 'GB' },
      { limit: 100, page: 2, country: 'GB' },
    ]);
  });

  it("'Failed to load exchange products' when the catalogue cannot be read", async () => {
    serve({ ...fakeEndpoint(catalogEndpoints.list, () => ({ status: 400, body: { error: 'Bad query' } })) });
    renderExchange(FULL);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load exchange products');
  });

  it("choosing one opens the dialog; confirming swaps ('Exchanging...'), toasts and goes to /exchange-confirmation", async () => {
    let answer: (value: EndpointAnswer<typeof voucherEndpoints.swap>) => void = () => {};
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.swap, () => new Promise((resolve) => (answer = resolve))),
    });
    const { user } = renderExchange(FULL);
    await user.click(await screen.findByRole('button', { name: /Boots/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Exchange' });
    expect(dialog).toHaveTextContent('Exchange your £25.00 voucher for a Boots voucher of the same value?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Exchange' }));
    expect(await within(dialog).findByRole('button', { name: 'Exchanging...' })).toBeDisabled();
    expect(requests.find((r) => r.path === '/orders/order-1/swap')?.body).toEqual({
      newOrderDetails: { productCode: 'BOOTS-GB', currency: 'GBP', valuePurchased: 25, merchant: { name: 'Boots' } },
    });
    answer({ status: 200, body: { message: 'Exchanged', order: issued } });
    expect(
      await screen.findByRole('heading', { name: 'Gift Voucher Successfully Exchanged and Added to Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Successfully exchanged your voucher')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To My Account' })).toHaveAttribute('href', '/wallet');
  });

  it.each([
    [
      { status: 409, body: { error: 'This voucher has already been exchanged' } },
      'This voucher has already been exchanged',
    ],
    [{ status: 500, body: {} }, 'Failed to exchange voucher'],
  ] as const)(
    'a failed exchange toasts the server error, else the fallback, and closes the dialog',
    async (reply, text) => {
      serve({ ...fakeEndpoint(voucherEndpoints.swap, () => reply) });
      const { router, user } = renderExchange(FULL);
      await user.click(await screen.findByRole('button', { name: /Dunelm/ }));
      await user.click(screen.getByRole('button', { name: 'Confirm Exchange' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/exchange-voucher');
    },
  );

  it('cancelling closes the dialog without exchanging', async () => {
    const requests = serve();
    const { user } = renderExchange(FULL);
    await user.click(await screen.findByRole('button', { name: /Boots/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/swap'))).toBe(false);
  });

  it("without an order id: 'Missing required information for exchange' and 'No order selected for conversion'", async () => {
    const requests = serve();
    const { user } = renderExchange('?amount=25&country=GB&currency=GBP');
    await user.click(await screen.findByRole('button', { name: /Boots/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm Exchange' }));
    expect(await screen.findByText('Missing required information for exchange')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Convert This Into UGM Credit' }));
    expect(await screen.findByText('No order selected for conversion')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/orders'))).toBe(false);
  });

  it("'Convert This Into UGM Credit' returns the voucher, toasts and goes to the wallet", async () => {
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.return, () => ({
        status: 200,
        body: { message: 'Converted', balance: 25, currency: 'GBP' },
      })),
    });
    const { user } = renderExchange(FULL);
    await user.click(await screen.findByRole('button', { name: 'Convert This Into UGM Credit' }));
    expect(await screen.findByText('Now at /wallet')).toBeInTheDocument();
    expect(screen.getByText('Successfully converted to UGM Credit')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/orders/order-1/return')).toBe(true);
  });

  it.each([
    [
      { status: 409, body: { error: 'This voucher has already been converted' } },
      'This voucher has already been converted',
    ],
    [{ status: 500, body: {} }, 'Failed to convert to UGM Credit'],
  ] as const)('a failed conversion toasts the server error, else the fallback', async (reply, text) => {
    serve({ ...fakeEndpoint(voucherEndpoints.return, () => reply) });
    const { router, user } = renderExchange(FULL);
    await user.click(await screen.findByRole('button', { name: 'Convert This Into UGM Credit' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/exchange-voucher');
  });
});
