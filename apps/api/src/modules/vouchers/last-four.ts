/**
 * The last four characters of a code, all an operator may see of it (decision 048); hyphens do
 * not count, and codes are upper case (Crockford base 32).
 */
export function lastFourOf(code: string): string {
  return code
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(-4)
    .toUpperCase();
}
