import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MerchantLogo } from './merchant-logo';
import { MerchantLogo as ProductMerchantLogo } from './product/merchant-logo';

describe('MerchantLogo: the gift-card art in the cart, checkout, gift and redeem screens (decision 028)', () => {
  it('is a lazy, card-sized <img> of the art, asking for the value it shows', () => {
    render(
      <MerchantLogo
        imageUrl="/api/v1/logos/ARGOS-GB.svg"
        merchantName="Argos"
        alt="Argos gift card"
        value={25}
        currency="GBP"
      />,
    );
    const image = screen.getByRole('img', { name: 'Argos gift card' });
    expect(image.getAttribute('src')).toBe('/api/v1/logos/ARGOS-GB.svg?value=25&currency=GBP');
    // The intrinsic size reserves the card's box before the SVG arrives: nothing shifts.
    expect(image.getAttribute('width')).toBe('428');
    expect(image.getAttribute('height')).toBe('270');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it("keeps a merchant's own art address as it is, and shows the plain card without a value", () => {
    const { rerender } = render(
      <MerchantLogo imageUrl="https://cdn.example.com/card.png" merchantName="Argos" value={25} />,
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/card.png');
    rerender(<MerchantLogo imageUrl="/api/v1/logos/ARGOS-GB.svg" merchantName="Argos" />);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/v1/logos/ARGOS-GB.svg');
  });

  it('falls back to the initial when the art fails to load or there is none', () => {
    const { container, rerender } = render(<MerchantLogo imageUrl="/api/v1/logos/ARGOS-GB.svg" merchantName="argos" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
    rerender(<MerchantLogo imageUrl={undefined} merchantName="Boots" />);
    expect(container.textContent).toBe('B');
  });
});

describe('product MerchantLogo: the art on product cards', () => {
  it('is a decorative, lazy <img> with the card size, or the initial when it fails', () => {
    const { container } = render(<ProductMerchantLogo src="/api/v1/logos/AO-GB.svg" name="AO" />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('alt')).toBe('');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['428', '270']);
    expect(image.getAttribute('loading')).toBe('lazy');
    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
  });

  it('loads the first row at once and first (the largest image on screen), the rest lazily', () => {
    const { container } = render(<ProductMerchantLogo src="/api/v1/logos/AO-GB.svg" name="AO" priority />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });
});
