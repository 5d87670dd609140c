import { useFocusOnRouteChange } from '@gvm/web-lib/route-focus';
import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';
import { SCROLL_POSITIONS_KEY as STORAGE_KEY } from './scroll-positions';

const KEPT_ENTRIES = 50;
/** How long a restore waits for the page to grow tall enough (the grid's pages, pictures). */
const RESTORE_FOR_MS = 5000;
/** What a shopper does to scroll themselves: a restore still under way gives way to it. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (saved === null || typeof saved !== 'object') return new Map();
    return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    const newest = [...positions].slice(-KEPT_ENTRIES);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or refused (private mode): positions then last as long as the page.
  }
}

/**
 * The id positions are kept under. React Router keys the entry a document was opened on 'default'
 * (its history state has no key yet), whatever page it is: a checkout loaded afresh (after
 * 'Cancel' on the card page) and the payment result loaded after paying are both 'default', and
 * the result screen would open at the checkout's place, the footer. Such an entry is told apart
 * by its address.
 */
function entryId(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
}

/**
 * Whether this document was opened by following a link, a redirect or a typed address, rather
 * than by a reload or Back: a new page, so the top, whatever was kept for an entry like it.
 */
function openedAfresh(): boolean {
  const [entry] = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  return (entry as { type?: string } | undefined)?.type === 'navigate';
}

/**
 * docs/product/README.md#page-shell: the scroll position returns to the top on every route change. Decision 033:
 * except going back (or forward) through history, which returns to where the shopper was on that
 * entry, e.g. the grid after a product page. Positions are kept per history entry (the location's
 * key); a change of query only (a filter, a search, the grid's page count) keeps the shopper's
 * place. A restore retries each frame until the page is tall enough (the grid re-renders its pages
 * first), for at most 5 s, and stops as soon as the shopper scrolls. Mounted by
 * LazyScrollRestoration, possibly after the first page has been scrolled: mounting never scrolls
 * unless there is a place to return to, and never on a document opened afresh.
 */
export function ScrollRestoration({ askedOn }: { askedOn?: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(new Map());
  const current = useRef<{ id: string; pathname: string } | null>(null);
  const restoring = useRef(false);
  // The focus moves with the page, in the same code: both follow a route change, after the first.
  useFocusOnRouteChange(askedOn);

  useLayoutEffect(() => {
    // The browser would otherwise restore an old position on back/forward on its own.
    window.history.scrollRestoration = 'manual';
    positions.current = readPositions();
    const record = () => {
      if (current.current && !restoring.current) positions.current.set(current.current.id, window.scrollY);
    };
    const save = () => writePositions(positions.current);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new history entry, by design.
  useLayoutEffect(() => {
    const previous = current.current;
    const id = entryId(location);
    current.current = { id, pathname: location.pathname };
    const samePage = previous !== null && previous.pathname === location.pathname;
    const saved = positions.current.get(id);
    if (previous) writePositions(positions.current);

    // The first entry is a 'POP' too: only a reload or Back returns to its place.
    const returning = navigationType === 'POP' && (previous !== null || !openedAfresh());
    if (returning && saved !== undefined) return restore(saved, restoring);
    if (previous === null && (askedOn === undefined || askedOn === location.key)) {
      // Loaded once the shopper acts (lazy-scroll-restoration.tsx), on this entry: where they are
      // now is its place. Had they already gone on to another page, it is a new page: the top.
      positions.current.set(id, window.scrollY);
      return;
    }
    if (samePage) {
      // The new entry starts where the shopper is (the grid's `pages` written after 'Load More').
      positions.current.set(id, window.scrollY);
      return;
    }
    window.scrollTo(0, 0);
  }, [location.key]);

  return null;
}

/** Scrolls to `top` each frame until there, the time is up or the shopper scrolls; returns the stop. */
function restore(top: number, restoring: { current: boolean }): () => void {
  const deadline = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    restoring.current = false;
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  const step = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(step);
  };
  restoring.current = true;
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}
