import { useEffect } from 'react';

/** docs/product/buying.md#payment-result-screen: 100 pieces over 8 seconds, here 20 bursts of 5 from alternate sides. */
const CONFETTI_PIECES = 100;
const CONFETTI_MS = 8000;
const BURSTS = 20;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Confetti while `active` (the success screen), never for someone who asked for less motion. */
export function useConfetti(active: boolean): void {
  useEffect(() => {
    if (!active || prefersReducedMotion()) return;
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let reset: (() => void) | undefined;
    void import('canvas-confetti').then(({ default: canvasConfetti }) => {
      if (stopped) return;
      // Drawn on the page itself: the library's default worker comes from a blob: URL, which the
      // Content-Security-Policy (script-src 'self') rightly refuses.
      const confetti = canvasConfetti.create(undefined, {
        resize: true,
        useWorker: false,
        disableForReducedMotion: true,
      });
      reset = () => confetti.reset();
      let burst = 0;
      const fire = () => {
        const fromLeft = burst % 2 === 0;
        void confetti({
          particleCount: CONFETTI_PIECES / BURSTS,
          angle: fromLeft ? 60 : 120,
          spread: 70,
          origin: { x: fromLeft ? 0 : 1, y: 0.7 },
          disableForReducedMotion: true,
        });
        burst += 1;
        if (burst >= BURSTS) clearInterval(timer);
      };
      fire();
      timer = setInterval(fire, CONFETTI_MS / BURSTS);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      reset?.();
    };
  }, [active]);
}
