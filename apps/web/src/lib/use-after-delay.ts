import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `delayMs`; false again as soon as it is not. For what
 * should show only when something is slow (a loading state that would otherwise flash).
 */
export function useAfterDelay(active: boolean, delayMs: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    setPassed(false);
    if (!active) return;
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && passed;
}
