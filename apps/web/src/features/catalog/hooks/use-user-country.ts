import { useEffect } from 'react';

/** The browser-stored key of the shopper's country (docs/product/browsing.md#country). */
export const USER_COUNTRY_KEY = 'userCountry';

/**
 * docs/product/browsing.md#country: the browse grid is fixed to GB. The original looked the country up
 * through a public IP geolocation service; the marketplace sells UK vouchers only, so the lookup
 * would change nothing and would send every visitor's address to a third party. GB is stored.
 */
export const SEARCH_COUNTRY = 'GB';

export function useUserCountry(): string {
  useEffect(() => {
    if (!localStorage.getItem(USER_COUNTRY_KEY)) localStorage.setItem(USER_COUNTRY_KEY, SEARCH_COUNTRY);
  }, []);
  return SEARCH_COUNTRY;
}
