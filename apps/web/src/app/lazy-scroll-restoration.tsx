import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_POSITIONS_KEY } from './scroll-positions';

const ScrollRestoration = lazy(() =>
  import('./scroll-restoration').then(
    (module) => ({ default: module.ScrollRestoration }),
    // Offline before it loaded: the shop works on, only without returning to places.
    () => ({ default: () => null }),
  ),
);

/** What comes before any route change or scroll worth keeping. */
const FIRST_INPUT = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

function hasPositions(): boolean {
  try {
    return sessionStorage.getItem(SCROLL_POSITIONS_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * ScrollRestoration's code is not in the first load (decision 023's budget, decision 033): it
 * loads with the shopper's first scroll, press or key, which any route change needs, or at once
 * when this tab has positions to restore (a reload, a return from another site).
 */
export function LazyScrollRestoration() {
  const { key } = useLocation();
  const latestKey = useRef(key);
  latestKey.current = key;
  // The history entry the shopper was on when the code was asked for.
  const [askedOn, setAskedOn] = useState(() => (hasPositions() ? key : null));
  useEffect(() => {
    if (askedOn !== null) return;
    const want = () => setAskedOn(latestKey.current);
    for (const type of FIRST_INPUT) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, want);
    };
  }, [askedOn]);
  return askedOn === null ? null : (
    <Suspense fallback={null}>
      <ScrollRestoration askedOn={askedOn} />
    </Suspense>
  );
}
