/**
 * Where to go after signing in (docs/product/README.md#access): `returnTo` is the page a guest was
 * stopped at, `previousPage` the page a user logged out from. Both are browser-stored keys.
 */
export const RETURN_TO_KEY = 'returnTo';
export const PREVIOUS_PAGE_KEY = 'previousPage';

const loginPath = '/login';

/**
 * Only a path of this site is ever followed: a returnTo taken from a query string could
 * otherwise send someone to another origin after signing in ('//evil.example', 'https://…'). The
 * path is also read as the browser reads it, which drops tabs and line breaks ('/\t/evil.example'
 * is '//evil.example'): it must stay on this origin.
 */
export function isSafeInternalPath(path: string | null | undefined): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\'))
    return false;
  try {
    return new URL(path, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The path and query of the page being shown. */
export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

function isLoginPath(path: string): boolean {
  return path === loginPath || path.startsWith(`${loginPath}?`) || path.startsWith(`${loginPath}#`);
}

/** Remembers where to go after signing in; /login itself (and anything off-site) is never kept. */
export function rememberReturnTo(path: string): void {
  if (!isSafeInternalPath(path) || isLoginPath(path)) return;
  localStorage.setItem(RETURN_TO_KEY, path);
}

export function readReturnTo(): string | null {
  const path = localStorage.getItem(RETURN_TO_KEY);
  return isSafeInternalPath(path) ? path : null;
}

/** The remembered returnTo, removed as it is used (spec: go there, then forget it). */
export function takeReturnTo(): string | null {
  const path = readReturnTo();
  localStorage.removeItem(RETURN_TO_KEY);
  return path;
}

export function rememberPreviousPage(path: string): void {
  if (isSafeInternalPath(path)) localStorage.setItem(PREVIOUS_PAGE_KEY, path);
}

/** The page logged out from, removed as it is used; a saved /login becomes / (docs/product/accounts.md#logging-out). */
export function takePreviousPage(): string | null {
  const path = localStorage.getItem(PREVIOUS_PAGE_KEY);
  localStorage.removeItem(PREVIOUS_PAGE_KEY);
  if (!isSafeInternalPath(path)) return null;
  return isLoginPath(path) ? '/' : path;
}
