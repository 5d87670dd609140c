import type { Product } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '@/features/cart';
import { createQueryClient } from '@/lib/query-client';
import { testProduct } from '@/test/products';
import { ProductDetailPurchase } from './product-detail-purchase';

const product = (overrides: Partial<Product>) =>
  testProduct({ _id: 'product-1', imageUrl: '/api/v1/logos/ARGOS-GB.svg', ...overrides });

function renderPurchase(item: Product) {
  const router = createMemoryRouter(
    [
      { path: '/product/:id', element: <ProductDetailPurchase product={item} /> },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
    { initialEntries: [`/product/${item._id}`] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

function optionNames(): string[] {
  const group = screen.getByRole('group', { name: 'Value per card' });
  return Array.from(group.querySelectorAll('label')).map((label) => label.textContent ?? '');
}

/** Add To Cart once the cart's code has loaded (it shows disabled, marked data-loading, until then). */
function addButton(): Promise<HTMLElement> {
  return waitFor(() => {
    const button = screen.getByRole('button', { name: 'Add To Cart' });
    expect(button).not.toHaveAttribute('data-loading');
    return button;
  });
}

beforeEach(() => {
  useCartStore.setState({ items: [] });
});

describe('the value-per-card picker (docs/product/browsing.md#value-options)', () => {
  it('offers 5, 10, 20, 50, 100 up to the maximum, then the maximum, with the currency symbol', () => {
    renderPurchase(product({ minPrice: 5, maxPrice: 250 }));
    expect(optionNames()).toEqual(['£5.00', '£10.00', '£20.00', '£50.00', '£100.00', '£250.00']);
  });

  it('offers no value under the minimum (decision 030)', () => {
    renderPurchase(product({ minPrice: 25, maxPrice: 500 }));
    expect(optionNames()).toEqual(['£50.00', '£100.00', '£500.00']);
  });

  it("offers a fixed-value product's denominations and nothing between them (decision 068)", () => {
    renderPurchase(product({ minPrice: 10, maxPrice: 50, denominations: [25, 10, 50], fixedValues: true }));
    expect(optionNames()).toEqual(['£10.00', '£25.00', '£50.00']);
  });

  it('leaves a ranged value unchosen and Add To Cart disabled until one is picked', async () => {
    renderPurchase(product({ minPrice: 10, maxPrice: 40, currency: 'EUR' }));
    expect(optionNames()).toEqual(['€10.00', '€20.00', '€40.00']);
    for (const radio of screen.getAllByRole('radio', { name: /€/ })) expect(radio).not.toBeChecked();
    expect(await addButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '€20.00' }));
    expect(await addButton()).toBeEnabled();
  });

  it('preselects the value of a fixed-value product', async () => {
    renderPurchase(product({ minPrice: 25, maxPrice: 25 }));
    expect(optionNames()).toEqual(['£25.00']);
    expect(screen.getByRole('radio', { name: '£25.00' })).toBeChecked();
    expect(await addButton()).toBeEnabled();
  });

  it('offers only £5.00 when both bounds are under 5', async () => {
    renderPurchase(product({ minPrice: 1, maxPrice: 4 }));
    expect(optionNames()).toEqual(['£5.00']);
    expect(await addButton()).toBeDisabled();
  });

  it('offers quantities 1 to 5, starting at 1', () => {
    renderPurchase(product({}));
    const quantities = screen.getAllByRole('radio', { name: /^[0-9]$/ });
    expect(quantities.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1' })).toBeChecked();
  });

  it("adding stores the chosen value and quantity, toasts 'Added product to cart' and goes to the cart", async () => {
    const router = renderPurchase(product({}));
    await userEvent.click(screen.getByRole('radio', { name: '£50.00' }));
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByText('£150.00')).toBeInTheDocument();
    await userEvent.click(await addButton());

    expect(await screen.findByText('Added product to cart')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(useCartStore.getState().items).toEqual([
      {
        _id: expect.any(String),
        productId: 'product-1',
        productCode: 'ARGOS-GB',
        merchantName: 'Argos',
        imageUrl: '/api/v1/logos/ARGOS-GB.svg',
        currency: 'GBP',
        selectedValue: 50,
        quantity: 3,
        recipients: [],
      },
    ]);
  });

  it('adding to a line already at 5 says so, keeps the line at 5 and stays on the page (decision 033)', async () => {
    const router = renderPurchase(product({}));
    await userEvent.click(screen.getByRole('radio', { name: '£50.00' }));
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await userEvent.click(await addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    await router.navigate('/product/product-1');
    await userEvent.click(await screen.findByRole('radio', { name: '£50.00' }));
    await userEvent.click(await addButton());

    // The add-to-cart code loads again after the navigation: on a busy machine (CI ran it at 1.2 s)
    // the toast can take longer than findBy's default second.
    expect(await screen.findByText('You can buy at most 5 of one voucher', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/product-1');
    expect(useCartStore.getState().items.map((item) => item.quantity)).toEqual([5]);
  });
});
