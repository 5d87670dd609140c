import * as Tooltip from '@radix-ui/react-tooltip';
import { useRef, useState } from 'react';

/**
 * The merchant's name on one line, as the card's heading; when it is cut short, a tooltip shows it whole (spec 000
 * section 2). The delays come from the app's TooltipProvider.
 */
export function MerchantName({ name }: { name: string }) {
  const text = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(false);

  function handleOpenChange(next: boolean) {
    const element = text.current;
    setOpen(next && element !== null && element.scrollWidth > element.clientWidth);
  }

  return (
    <Tooltip.Root open={open} onOpenChange={handleOpenChange}>
      <Tooltip.Trigger asChild>
        <h3 ref={text} className="truncate text-sm font-semibold text-gray-900 sm:text-base">
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
  );
}
