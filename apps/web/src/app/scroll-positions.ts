/** Where ScrollRestoration keeps the positions of this tab's history entries (sessionStorage). */
export const SCROLL_POSITIONS_KEY = 'scroll-positions';
