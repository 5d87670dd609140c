import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useCartStore } from '../stores/cart-store';
import { useRecipientStore } from '../stores/recipient-store';
import type { NewCartLine } from '../types';
import { CartPage } from './cart-page';

const argos: NewCartLine = {
  productId: 'product-argos',
  productCode: 'ARGOS-GB',
  merchantName: 'Argos',
  imageUrl: '',
  currency: 'GBP',
  selectedValue: 25,
  quantity: 2,
};
const rakuten: NewCartLine = {
  ...argos,
  productId: 'product-rakuten',
  merchantName: 'Rakuten TV',
  selectedValue: 4.49,
  quantity: 3,
};
const fnac: NewCartLine = {
  ...argos,
  productId: 'product-fnac',
  merchantName: 'Fnac',
  currency: 'EUR',
  selectedValue: 50,
  quantity: 1,
};

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/cart', Component: CartPage },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

function totalEstimate() {
  const summary = screen.getByRole('complementary', { name: 'Order Summary' });
  return within(summary).getByText('Total Estimate').nextElementSibling?.textContent;
}

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
});

describe('the cart page (docs/product/buying.md#cart)', () => {
  it("an empty cart says 'Your cart is empty' and 'Start Shopping' goes home", async () => {
    const router = renderCart();
    expect(screen.getByRole('heading', { name: 'My Cart', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.queryByText('Total Estimate')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Start Shopping' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists each item with its value and quantity, and totals value × quantity', () => {
    useCartStore.getState().addItem(argos);
    useCartStore.getState().addItem(rakuten);
    renderCart();
    const items = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Argos' })).toHaveAttribute(
      'href',
      '/product/product-argos',
    );
    expect(within(items[0] as HTMLElement).getByText('£25.00')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('£50.00')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('£13.47')).toBeInTheDocument();
    // 2 × £25.00 + 3 × £4.49, summed in pence.
    expect(totalEstimate()).toBe('£63.47');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("shows each line's gift-card art with the line's value on it (decision 028)", () => {
    useCartStore.getState().addItem({ ...argos, imageUrl: '/api/v1/logos/ARGOS-GB.svg' });
    renderCart();
    const art = screen.getByRole('img', { name: 'Argos gift card' });
    expect(art).toHaveAttribute('src', '/api/v1/logos/ARGOS-GB.svg?value=25&currency=GBP');
  });

  it('a line whose product has gift recipients (chosen at checkout) says who it is for', () => {
    useCartStore.getState().addItem(argos);
    useCartStore.getState().addItem(rakuten);
    useRecipientStore.getState().addRecipient({ productId: argos.productId, name: 'Bo', email: 'bo@example.com' });
    renderCart();
    const [argosLine, rakutenLine] = within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
    expect(argosLine).toHaveTextContent('Gift for Bo');
    expect(rakutenLine).not.toHaveTextContent('Gift for');
  });

  it('shows one total per currency when the cart mixes currencies', () => {
    useCartStore.getState().addItem(argos);
    useCartStore.getState().addItem(fnac);
    renderCart();
    expect(totalEstimate()).toBe('£50.00€50.00');
  });

  it('changing a quantity updates the total, within 1 to 5', async () => {
    useCartStore.getState().addItem({ ...argos, quantity: 4 });
    renderCart();
    const increase = screen.getByRole('button', { name: 'Increase quantity of Argos' });
    await userEvent.click(increase);
    expect(totalEstimate()).toBe('£125.00');
    expect(increase).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Argos' }));
    expect(totalEstimate()).toBe('£100.00');
    expect(increase).not.toHaveAttribute('aria-disabled');
  });

  it('pressing + on a line at 5 says so, as Add To Cart does, and keeps the line at 5 (decision 033)', async () => {
    useCartStore.getState().addItem({ ...argos, quantity: 5 });
    renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of Argos' }));
    expect(await screen.findByText('You can buy at most 5 of one voucher')).toBeInTheDocument();
    expect(totalEstimate()).toBe('£125.00');
    expect(useCartStore.getState().items.map((item) => item.quantity)).toEqual([5]);
  });

  it('removing the last item shows the empty state', async () => {
    useCartStore.getState().addItem(argos);
    renderCart();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Argos from cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual([]);
  });
});
