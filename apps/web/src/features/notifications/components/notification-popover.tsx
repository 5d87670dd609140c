import * as Popover from '@radix-ui/react-popover';
import { type RefObject, useRef } from 'react';
import { NotificationList } from './notification-list';

interface NotificationPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header's bell: the panel is placed against it and gives the focus back to it. */
  bell: RefObject<HTMLButtonElement | null>;
  /** The panel's id, which the bell names in `aria-controls` while it is open. */
  id: string;
  userId: string | undefined;
}

/**
 * The bell's 'Notifications' panel (docs/product/README.md#notifications: 20rem wide, at most 24rem tall),
 * a Radix popover anchored to the bell. Loaded by `SignedInNotificationBell` when the bell is first
 * reached, not with the page (decision 037). The bell is not Radix's trigger, so what
 * the trigger would do is done here: a press on the bell is not a click outside (the bell's own
 * click toggles the panel), and closing gives the focus back to the bell unless the user went
 * elsewhere.
 */
export default function NotificationPopover({ open, onOpenChange, bell, id, userId }: NotificationPopoverProps) {
  const interactedOutside = useRef(false);

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={bell} />
      <Popover.Portal>
        <Popover.Content
          id={id}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-panel-title"
          onInteractOutside={(event) => {
            if (bell.current?.contains(event.target as Node)) event.preventDefault();
            else interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            if (!interactedOutside.current) {
              event.preventDefault();
              bell.current?.focus();
            }
            interactedOutside.current = false;
          }}
          className="z-50 flex max-h-96 w-80 max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl focus:outline-none"
        >
          <h2
            id="notifications-panel-title"
            className="border-b border-gray-100 px-4 py-3 text-base font-semibold text-gray-900"
          >
            Notifications
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <NotificationList userId={userId} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
