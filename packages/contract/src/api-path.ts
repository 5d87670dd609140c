/**
 * Where the API lives: every endpoint's `path` in this contract is relative to it. Zod-free, so
 * the web's first load can use it (decision 023).
 */
export const API_BASE_PATH = '/api/v1';

/**
 * The URL of an API request as the browser (or the server asking itself) sends it: an endpoint's
 * path with its `:params` filled in (each encoded), under the base path, with its query.
 */
export function apiUrl(
  path: string,
  options: { params?: Readonly<Record<string, string>>; query?: Readonly<Record<string, string>> } = {},
): string {
  const { params = {}, query } = options;
  const filled = path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
  const search = Object.entries(query ?? {})
    .map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`)
    .join('&');
  return `${API_BASE_PATH}${filled}${search ? `?${search}` : ''}`;
}

/**
 * One name or value of a query string encoded as the browser's URLSearchParams does (space as
 * `+`; only letters, digits and `*-._` left as they are), so the server asks for the very URLs
 * the web does. Written out because the contract runs with no DOM or Node types.
 */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
