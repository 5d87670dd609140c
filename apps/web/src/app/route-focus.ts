import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves the focus to the new page on each route change, as GOV.UK's and React Router's guidance
 * on single-page apps say: to the page's main heading (a screen reader reads it out, so the
 * shopper hears which page they are on), else to the main region. Without it the focus stays on
 * the link of the page that is gone and the next Tab starts in the footer. Only a change of page
 * (the path) moves it: a filter or a typed search changes only the query, and the shopper's place
 * in the search box is kept. `askedOn`: the history entry this code was loaded on
 * (lazy-scroll-restoration.tsx); arriving on another one means the shopper has navigated since.
 */
export function useFocusOnRouteChange(askedOn?: string): void {
  const { key, pathname } = useLocation();
  const shown = useRef<string | null>(askedOn === undefined || askedOn === key ? pathname : null);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    // Typing that led here (the header's search off /) keeps its caret.
    if (active?.isConnected && active.matches('input, textarea')) return;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    // The scroll position is ScrollRestoration's: the top, or where the shopper was on going back.
    target.focus({ preventScroll: true });
  }, [pathname]);
}
