import { type Cart, type CartLineRequest, cartEndpoints, type Product } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi, type SentRequest } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { SaveLocalCartOnSignIn } from '../components/save-local-cart-on-sign-in';
import { CartPage } from '../pages/cart-page';
import { useCartStore } from '../stores/cart-store';
import { useRecipientStore } from '../stores/recipient-store';
import { useCart } from './use-cart';

const ada = testUser();
const argos = testProduct();
const fnac = testProduct({
  _id: '0b6f1c3e-1a2b-4c5d-8e9f-000000000002',
  merchant: { name: 'Fnac', redemptionUrl: null },
  productCode: 'FNAC-FR',
  currency: 'EUR',
});
const catalogue = new Map<string, Product>([argos, fnac].map((product) => [product._id, product]));
let restoreApi = () => {};

/** Ada's server cart in memory; `exists` false makes GET answer 404 until POST /carts creates it. */
function serveCart({ exists }: { exists: boolean }) {
  const state = { exists, lines: [] as { _id: string; productId: string; quantity: number; selectedValue: number }[] };
  const view = (): Cart => ({
    _id: 'cart-ada',
    userId: ada._id,
    items: state.lines.map((line) => ({ ...line, product: catalogue.get(line.productId) ?? argos })),
  });
  const addLine = ({ productId, quantity, selectedValue }: CartLineRequest) => {
    const same = state.lines.find((l) => l.productId === productId && l.selectedValue === selectedValue);
    if (same) same.quantity = Math.min(5, same.quantity + quantity);
    else state.lines.push({ _id: `line-${state.lines.length + 1}`, productId, quantity, selectedValue });
  };
  const fake = installFakeApi({
    ...fakeEndpoint(cartEndpoints.get, () =>
      state.exists ? { status: 200, body: view() } : { status: 404, body: { error: 'Cart not found' } },
    ),
    ...fakeEndpoint(cartEndpoints.create, () => {
      const created = !state.exists;
      state.exists = true;
      return { status: created ? 201 : 200, body: view() };
    }),
    ...fakeEndpoint(cartEndpoints.addItems, ({ body }) => {
      state.exists = true;
      for (const line of body.items) addLine(line);
      return { status: 200, body: view() };
    }),
    ...fakeEndpoint(cartEndpoints.addItem, ({ body }) => {
      state.exists = true;
      addLine(body);
      return { status: 200, body: view() };
    }),
    ...fakeEndpoint(cartEndpoints.updateItem, ({ params, body }) => {
      const line = state.lines.find((l) => l._id === params.itemId);
      if (!line) return { status: 404, body: { error: 'Cart item not found' } };
      line.quantity = body.quantity;
      return { status: 200, body: view() };
    }),
    ...fakeEndpoint(cartEndpoints.removeItem, ({ params }) => {
      state.lines = state.lines.filter((l) => l._id !== params.itemId);
      return { status: 200, body: view() };
    }),
  });
  restoreApi = fake.restore;
  return { requests: fake.requests, state };
}

/** Another part of the page that reads the cart at the same time (a header badge, say). */
function CartCount() {
  const cart = useCart();
  return <p>Vouchers held: {cart.count}</p>;
}

function renderCartPage() {
  const queryClient = createQueryClient();
  signInAs(queryClient, ada);
  const router = createMemoryRouter(
    [
      {
        path: '/cart',
        element: (
          <>
            <CartCount />
            <CartPage />
            <SaveLocalCartOnSignIn />
          </>
        ),
      },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return userEvent.setup();
}

const sent = (requests: SentRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
});

afterEach(() => {
  restoreApi();
  signOut();
});

describe('the server cart of a signed-in user (docs/product/buying.md#cart)', () => {
  it('saves the lines held in this browser once, clears them, and shows the server cart', async () => {
    const { requests } = serveCart({ exists: true });
    const local = useCartStore.getState();
    local.addItem({
      productId: argos._id,
      productCode: 'ARGOS-GB',
      merchantName: 'Argos',
      imageUrl: '',
      currency: 'GBP',
      selectedValue: 25,
      quantity: 2,
    });
    local.addItem({
      productId: fnac._id,
      productCode: 'FNAC-FR',
      merchantName: 'Fnac',
      imageUrl: '',
      currency: 'EUR',
      selectedValue: 50,
      quantity: 1,
    });
    renderCartPage();

    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(within(items).getByRole('link', { name: 'Argos' })).toBeInTheDocument();
    expect(within(items).getByRole('link', { name: 'Fnac' })).toBeInTheDocument();
    expect(screen.getByText('Vouchers held: 3')).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
    const bulk = requests.filter((r) => r.path.endsWith('/items/bulk'));
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.body).toEqual({
      items: [
        { productId: argos._id, quantity: 2, selectedValue: 25 },
        { productId: fnac._id, quantity: 1, selectedValue: 50 },
      ],
    });
  });

  it('creates the cart when fetching it fails, and saves nothing when nothing is held locally', async () => {
    const { requests } = serveCart({ exists: false });
    renderCartPage();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    await waitFor(() => expect(sent(requests)).toContain('POST /carts'));
    expect(sent(requests)[0]).toBe(`GET /carts/${ada._id}`);
    expect(sent(requests).some((r) => r.endsWith('/items/bulk'))).toBe(false);
  });

  it('changes a quantity with PATCH, and removing a line removes the product’s recipients', async () => {
    const { requests, state } = serveCart({ exists: true });
    state.lines.push({ _id: 'line-argos', productId: argos._id, quantity: 1, selectedValue: 25 });
    useRecipientStore.getState().addRecipient({ productId: argos._id, name: 'Grace', email: 'grace@example.com' });
    const user = renderCartPage();

    await user.click(await screen.findByRole('button', { name: 'Increase quantity of Argos' }));
    expect(await screen.findByText('Vouchers held: 2')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: `/carts/${ada._id}/items/line-argos`,
      body: { quantity: 2 },
    });

    await user.click(screen.getByRole('button', { name: 'Remove Argos from cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(sent(requests)).toContain(`DELETE /carts/${ada._id}/items/line-argos`);
    expect(useRecipientStore.getState().recipients).toEqual([]);
  });
});
