import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and stays true from then on): for
 * parts of a page whose code can wait until the shopper scrolls towards them (decision 023).
 * Without IntersectionObserver it is true at once.
 */
export function useNearViewport(element: RefObject<Element | null>, margin = '300px 0px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
