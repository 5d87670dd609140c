import { cardArtUrl } from '@gvm/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MerchantLogo } from './merchant-logo';

describe('MerchantLogo: the gift-card art on product cards, in the cart, checkout, gifts, redeem and the wallet (decision 028)', () => {
  it('is a lazy, card-sized <img> of the art, decorative unless given a name', () => {
    const { container, rerender } = render(<MerchantLogo src="/api/v1/logos/AO-GB.svg" name="AO" />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('alt')).toBe('');
    // The intrinsic size reserves the card's box before the SVG arrives: nothing shifts.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['428', '270']);
    expect(image.getAttribute('loading')).toBe('lazy');
    rerender(
      <MerchantLogo src={cardArtUrl('/api/v1/logos/ARGOS-GB.svg', 25, 'GBP')} name="Argos" alt="Argos gift card" />,
    );
    expect(screen.getByRole('img', { name: 'Argos gift card' }).getAttribute('src')).toBe(
      '/api/v1/logos/ARGOS-GB.svg?value=25&currency=GBP',
    );
  });

  it('loads the first row at once and first (the largest image on screen), the rest lazily', () => {
    const { container } = render(<MerchantLogo src="/api/v1/logos/AO-GB.svg" name="AO" priority />);
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('falls back to the initial when the art fails to load or there is none, and tries a new address again', () => {
    const { container, rerender } = render(<MerchantLogo src="/api/v1/logos/ARGOS-GB.svg" name=" argos" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('A');
    rerender(<MerchantLogo src={undefined} name="Boots" />);
    expect(container.textContent).toBe('B');
    rerender(<MerchantLogo src="/api/v1/logos/BOOTS-GB.svg" name="Boots" />);
    expect(container.querySelector('img')).not.toBeNull();
  });

  it('shows the given fallback in place of the initial', () => {
    render(<MerchantLogo src="" name="Argos" fallback={<p>No picture</p>} />);
    expect(screen.getByText('No picture')).toBeInTheDocument();
    expect(screen.queryByText('A')).toBeNull();
  });
});
