import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { testProduct } from '@/test/products';
import { ProductDetailView } from './product-detail-view';

describe('the product page’s card art (decision 028)', () => {
  it('shows the card, then the card with the value the shopper picks', async () => {
    const product = testProduct({
      _id: 'product-1',
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      merchant: { name: 'Argos', redemptionUrl: null },
      currency: 'GBP',
      minPrice: 10,
      maxPrice: 250,
    });
    const router = createMemoryRouter([{ path: '/', element: <ProductDetailView product={product} /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const art = screen.getByRole('img', { name: 'Argos gift card' });
    expect(art).toHaveAttribute('src', '/api/v1/logos/ARGOS-GB.svg');
    expect([art.getAttribute('width'), art.getAttribute('height')]).toEqual(['428', '270']);
    await userEvent.click(screen.getByRole('radio', { name: '£50.00' }));
    expect(screen.getByRole('img', { name: 'Argos gift card' })).toHaveAttribute(
      'src',
      '/api/v1/logos/ARGOS-GB.svg?value=50&currency=GBP',
    );
  });
});
