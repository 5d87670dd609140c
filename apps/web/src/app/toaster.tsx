import { useEffect, useRef } from 'react';
import { Toaster } from 'sonner';
import { markToasterReady } from '@/lib/toast';

/**
 * sonner remembers where the focus came from when it enters the toasts and sends it back there
 * when it leaves them, which suits its hotkey (Alt+T focuses the list, Tab out returns). A toast
 * is also in the Tab order, though: reached by Tab from the footer's last link, leaving it by Tab
 * sent the focus back to that link, and round again while the toast stayed. Focus that arrives by
 * Tab (on a toast or its button, not on the list the hotkey focuses) is kept from sonner, so Tab
 * moves on past the toast; the toast is still reached by Tab or the hotkey, and closed by its
 * button.
 */
function keepTabbingFromSonner(event: FocusEvent): void {
  const target = event.target;
  const from = event.relatedTarget;
  if (!(target instanceof Element) || target.matches('[data-sonner-toaster]')) return;
  const list = target.closest('[data-sonner-toaster]');
  if (list && !(from instanceof Node && list.contains(from))) event.stopPropagation();
}

/** docs/product/README.md#web-client: 3 visible, 4000 ms, 14 px gap, 356 px wide (sonner's own width), swipe at 20 px. */
export default function AppToaster() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(markToasterReady, []);
  useEffect(() => {
    const element = box.current;
    // Below React's own listener on the app's root, so sonner's onFocus never hears it.
    element?.addEventListener('focusin', keepTabbingFromSonner);
    return () => element?.removeEventListener('focusin', keepTabbingFromSonner);
  }, []);
  return (
    <div ref={box}>
      <Toaster visibleToasts={3} duration={4000} gap={14} position="bottom-right" richColors closeButton />
    </div>
  );
}
