import { useEffect, useState } from 'react';

/** Whether the page is scrolled further than `threshold` pixels from the top. */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    // A scroll between the render and now is read in the next frame, not here: reading scrollY
    // lays the page out at once, and here, just after React has put the page in, that is the whole
    // page's first layout inside React's task (13 ms of the home page's first render, unthrottled).
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);

  return scrolled;
}
