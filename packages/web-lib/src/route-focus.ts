import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long the focus waits for the page's heading to be drawn. */
const HEADING_WAIT_MS = 5000;

function focusOn(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  // The scroll position is ScrollRestoration's: the top, or where the shopper was on going back.
  target.focus({ preventScroll: true });
}

/** The start of the page's content: its main heading, else the main region, when drawn. */
function pageStart(): { main: HTMLElement; heading: HTMLElement | null } | null {
  const main = document.getElementById('main');
  return main ? { main, heading: main.querySelector<HTMLElement>('h1') } : null;
}

/**
 * Moves the focus to the new page on each route change, as GOV.UK's and React Router's guidance
 * on single-page apps say: to the page's main heading (a screen reader reads it out, so the
 * shopper hears which page they are on), else to the main region. Without it the focus stays on
 * the link of the page that is gone and the next Tab starts in the footer. Only a change of page
 * (the path) moves it: a filter or a typed search changes only the query, and the shopper's place
 * in the search box is kept. `askedOn`: the history entry this code was loaded on
 * (lazy-scroll-restoration.tsx); arriving on another one means the shopper has navigated since.
 * The shop's layout and the operator console's (apps/console's app/app.tsx) both use it.
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
    const start = pageStart();
    let placed = start ? (start.heading ?? start.main) : null;
    if (placed) focusOn(placed);
    if (start?.heading) return;
    // A page whose heading comes with its data (a product) draws it a moment later, and a layout
    // may draw a main region of its own only then (the console's, once it knows the operator):
    // the focus follows them there, unless the user has moved it meanwhile. Focus left on an
    // element that was taken away falls back to the body, which is not a move of the user's.
    const later = new MutationObserver(() => {
      const now = document.activeElement;
      const untouched = now === placed || now === null || now === document.body;
      const drawn = pageStart();
      if (!untouched || !drawn) {
        if (!untouched) later.disconnect();
        return;
      }
      placed = drawn.heading ?? drawn.main;
      if (now !== placed) focusOn(placed);
      if (drawn.heading) later.disconnect();
    });
    later.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => later.disconnect(), HEADING_WAIT_MS);
    return () => {
      later.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);
}
