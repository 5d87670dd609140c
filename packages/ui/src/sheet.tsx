import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A side sheet (docs/product/README.md#page-shell): a Radix dialog that slides in from an edge.
 * Radix gives it the focus trap, Escape to close and the click-outside dismissal.
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export type SheetSide = 'top' | 'bottom' | 'left' | 'right';

const sideClasses: Record<SheetSide, string> = {
  top: 'inset-x-0 top-0 border-b',
  bottom: 'inset-x-0 bottom-0 border-t',
  left: 'inset-y-0 left-0 h-full w-4/5 max-w-sm border-r',
  right: 'inset-y-0 right-0 h-full w-4/5 max-w-sm border-l',
};

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: SheetSide;
  /** The sheet's name for assistive technology; shown as its heading. */
  title: string;
}

export function SheetContent({ side = 'right', title, className, children, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="sheet-overlay fixed inset-0 z-50 bg-gray-950/40 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        // The sheets carry a visible title and no separate description.
        aria-describedby={undefined}
        className={cn(
          'sheet-content fixed z-50 flex flex-col gap-4 border-gray-100 bg-white p-6 shadow-xl focus:outline-none',
          sideClasses[side],
          className,
        )}
        data-side={side}
        {...props}
      >
        <div className="flex items-center justify-between">
          <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            className="rounded-md p-2 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
