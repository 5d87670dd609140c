import { cartEndpoints } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { useCartStore } from '../stores/cart-store';
import { CartLink } from './cart-link';

function renderLink(queryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CartLink />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const argos = testProduct();
let restoreApi = () => {};

const line = (productId: string, quantity: number) => ({
  productId,
  productCode: `${productId}-GB`,
  merchantName: productId,
  imageUrl: '',
  currency: 'GBP',
  selectedValue: 10,
  quantity,
});

beforeEach(() => {
  signOut();
  useCartStore.setState({ items: [] });
});
afterEach(() => {
  signOut();
  restoreApi();
});

describe('the header cart link (decision 029)', () => {
  it("is named 'Cart' with no badge while the cart is empty", () => {
    renderLink();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });

  it("counts a guest's vouchers, and follows every change to the cart", async () => {
    useCartStore.getState().addItem(line('argos', 2));
    renderLink();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');

    act(() => useCartStore.getState().addItem(line('apple', 1)));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();

    act(() => useCartStore.getState().clear());
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it("counts a signed-in user's server cart", async () => {
    const user = testUser();
    restoreApi = installFakeApi({
      ...fakeEndpoint(cartEndpoints.get, () => ({
        status: 200,
        body: {
          _id: 'cart-1',
          userId: user._id,
          items: [
            { _id: 'line-1', productId: argos._id, quantity: 4, selectedValue: 10, product: argos },
            { _id: 'line-2', productId: argos._id, quantity: 1, selectedValue: 20, product: argos },
          ],
        },
      })),
    }).restore;
    const queryClient = createQueryClient();
    signInAs(queryClient, user);
    renderLink(queryClient);
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
  });
});
