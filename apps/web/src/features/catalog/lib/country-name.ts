/**
 * The catalogue's countries by name, as `Intl.DisplayNames` (en-GB) names them: building that
 * object costs 45-80 ms in Chromium on a page's first use (it loads every region's name), which
 * the product page paid in its first render for its breadcrumb (docs/performance-history.md).
 */
export const CATALOGUE_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  GB: 'United Kingdom',
  IE: 'Ireland',
  US: 'United States',
};

let regionNames: Intl.DisplayNames | undefined;

/**
 * 'GB' → 'United Kingdom' (also for no country: the marketplace's own); a country the catalogue
 * does not list yet is named by the browser, and a code it does not know is shown as it is.
 */
export function countryName(code: string | undefined): string {
  if (!code) return CATALOGUE_COUNTRY_NAMES.GB as string;
  // Own keys only: a code such as 'constructor' is not a name the table holds.
  if (Object.hasOwn(CATALOGUE_COUNTRY_NAMES, code)) return CATALOGUE_COUNTRY_NAMES[code] as string;
  try {
    regionNames ??= new Intl.DisplayNames(['en-GB'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    // DisplayNames throws a RangeError for a malformed code; the code itself is still meaningful.
    return code;
  }
}
