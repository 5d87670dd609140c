import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long the focus waits on the main region for the page's heading to be drawn. */
const HEADING_WAIT_MS = 5000;

function focusOn(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  // The scroll position is ScrollRestoration's: the top, or where the shopper was on going back.
  target.focus({ preventScroll: true });
}

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
    if (!main) return;
    const heading = () => main.querySelector<HTMLElement>('h1');
    const first = heading();
    focusOn(first ?? main);
    if (first) return;
    // A page whose heading comes with its data (a product) draws it a moment later: the focus
    // follows it there, unless the shopper has moved it meanwhile.
    const later = new MutationObserver(() => {
      const arrived = heading();
      if (!arrived) return;
      later.disconnect();
      if (document.activeElement === main) focusOn(arrived);
    });
    later.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => later.disconnect(), HEADING_WAIT_MS);
    return () => {
      later.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
}
