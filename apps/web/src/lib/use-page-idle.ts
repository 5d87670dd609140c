import { useEffect, useState } from 'react';

/** The document has loaded and been idle once: a page the app moves to later need not wait again. */
let wentIdle = false;

/**
 * Calls `then` once the page has loaded (its `load` event) and the browser then has time to spare
 * (`requestIdleCallback`, at the latest after `timeoutMs`; a task after it where the browser has no
 * idle callbacks). Returns a function that cancels it. For work a page can do without: nothing of
 * it then competes with the page's own start-up for a phone's main thread (decision 075). Once the
 * document has been idle, at once: moving to another page of the app does not wait again.
 */
export function whenPageIdle(then: () => void, timeoutMs = 5000): () => void {
  if (wentIdle) {
    then();
    return () => undefined;
  }
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    wentIdle = true;
    if (!cancelled) then();
  };
  const afterLoad = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(run, { timeout: timeoutMs });
    } else {
      timer = setTimeout(run, 1);
    }
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (idleHandle !== undefined) window.cancelIdleCallback?.(idleHandle);
    clearTimeout(timer);
  };
}

/** True once the page has loaded and been idle (whenPageIdle), or at once when `now` is true. */
export function usePageIdle(now = false): boolean {
  const [idle, setIdle] = useState(now || wentIdle);
  useEffect(() => {
    if (idle) return;
    if (now) {
      setIdle(true);
      return;
    }
    return whenPageIdle(() => setIdle(true));
  }, [idle, now]);
  return idle || now;
}
