import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialDataKeys } from '@/lib/initial-data';
import { TopSellersRowSkeleton } from './product-row-skeleton';

function draw(products?: unknown) {
  const client = new QueryClient();
  if (products !== undefined) client.setQueryData(initialDataKeys.topSellers(), products);
  return render(
    <QueryClientProvider client={client}>
      <TopSellersRowSkeleton />
    </QueryClientProvider>,
  ).container;
}

describe("the top sellers' skeleton row", () => {
  it('marks its six art boxes for the server when the page carried no top sellers (the build-time shell)', () => {
    const row = draw();
    expect(row.querySelectorAll('img')).toHaveLength(0);
    expect([...row.querySelectorAll('[data-row-art]')].map((box) => box.getAttribute('data-row-art'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it("keeps the pictures the HTML showed while the page's code loads, only the catalogue's art", () => {
    const row = draw([
      { imageUrl: '/api/v1/logos/BOOTS-GB.svg' },
      { imageUrl: 'https://evil.example/x.svg' },
      { imageUrl: '/api/v1/logos/TESCO-GB.svg' },
    ]);
    const images = [...row.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/v1/logos/BOOTS-GB.svg',
      '/api/v1/logos/TESCO-GB.svg',
    ]);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]?.getAttribute('alt')).toBe('');
    // The others stay grey boxes.
    expect(row.querySelectorAll('[data-row-art]')).toHaveLength(4);
  });
});
