import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE_COUNTRY_NAMES, countryName } from './country-name';

describe('country names for the breadcrumb (docs/product/browsing.md#product-page)', () => {
  it("names the catalogue's countries exactly as Intl.DisplayNames does, without building it", () => {
    const intl = new Intl.DisplayNames(['en-GB'], { type: 'region' });
    const built = vi.spyOn(Intl, 'DisplayNames');
    for (const code of Object.keys(CATALOGUE_COUNTRY_NAMES)) expect(countryName(code)).toBe(intl.of(code));
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
  });

  it('names any other country by the browser, and shows a code it cannot read as it is', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('not a code')).toBe('not a code');
    expect(countryName(undefined)).toBe('United Kingdom');
  });
});
