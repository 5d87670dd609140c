import * as Tooltip from '@radix-ui/react-tooltip';
import { useRef, useState } from 'react';

/** docs/product/browsing.md#browse-grid: tooltips open after 700 ms; moving to another within 300 ms skips the wait. */
const OPEN_DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/**
 * Each name's tooltip is mounted on its own (on first hover), so no shared TooltipProvider sees
 * them all; the skip-the-wait rule is kept here across them instead.
 */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The merchant name with its tooltip (loaded by `MerchantName` on first hover). */
export default function MerchantNameTooltip({ name, className }: { name: string; className: string }) {
  const text = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(false);
  const [delay] = useState(() => (performance.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS));

  function handleOpenChange(next: boolean) {
    const element = text.current;
    if (!next && open) lastClosedAt = performance.now();
    // Only a name that is cut short (past its two lines, or a word wider than the card) needs it.
    const cut =
      element !== null && (element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth);
    setOpen(next && cut);
  }

  return (
    <Tooltip.Provider delayDuration={delay} skipDelayDuration={SKIP_DELAY_MS}>
      <Tooltip.Root open={open} onOpenChange={handleOpenChange}>
        <Tooltip.Trigger asChild>
          <h3 ref={text} className={className}>
            {name}
          </h3>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {name}
            <Tooltip.Arrow className="fill-gray-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
