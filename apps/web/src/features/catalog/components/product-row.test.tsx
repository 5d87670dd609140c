import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testProduct } from '@/test/products';
import { ProductRow } from './product-row';

const products = ['Argos', 'Apple', 'AO'].map((name, index) =>
  testProduct({
    _id: `0b6f1c3e-1a2b-4c5d-8e9f-00000000000${index}`,
    merchant: { name, redemptionUrl: null },
    imageUrl: `/api/v1/logos/${name}.svg`,
  }),
);

describe('a row of product cards (decision 032)', () => {
  it('is a section and a list named by its heading, each card a link to its product', () => {
    render(
      <MemoryRouter>
        <ProductRow id="row-birthday" heading={<h3 id="row-birthday">Birthday</h3>} products={products} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Birthday' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Birthday' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Birthday' });
    const links = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link')[0]);
    expect(links.map((link) => link?.getAttribute('href'))).toEqual(products.map((p) => `/product/${p._id}`));
    // It scrolls sideways and snaps to its cards.
    expect(list.className).toMatch(/overflow-x-auto/);
    expect(list.className).toMatch(/snap-x/);
  });

  it('fetches the art of the cards on screen at once and first, the others lazily', () => {
    const { container } = render(
      <MemoryRouter>
        <ProductRow id="row-top" heading={<h2 id="row-top">Top sellers</h2>} products={products} priorityCount={2} />
      </MemoryRouter>,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy']);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'auto']);
  });
});
