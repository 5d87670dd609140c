import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen: a named region that takes keyboard
 * focus, so the part off screen can be scrolled to without a mouse (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto focus:outline-2 focus:outline-brand-600">
      {children}
    </section>
  );
}
