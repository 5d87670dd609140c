import { Button } from '@gvm/ui/button';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { useRef } from 'react';
import { useOpenAction } from './reason-action';

export interface MoreAction {
  label: string;
  /** Drawn in red: what it does cannot be undone, or locks someone out. */
  destructive?: boolean;
}

/**
 * 'More actions': the actions that must not be pressed by mistake (voiding a voucher, disabling an
 * account), behind a menu (Radix's dropdown: arrow keys, Escape, focus back to the button). An
 * item opens its `ReasonAction` form (`trigger="menu"`), which asks for the reason and the
 * confirmation before anything happens.
 */
export function MoreActions({ id, actions }: { id: string; actions: readonly MoreAction[] }) {
  const setOpen = useOpenAction();
  // An item chosen: its form takes the focus, not the menu's button.
  const chosen = useRef(false);
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button id={id} variant="outline" size="sm">
          More actions
          <span aria-hidden="true">▾</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            if (chosen.current) event.preventDefault();
            chosen.current = false;
          }}
          className="z-50 min-w-44 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={() => {
                chosen.current = true;
                setOpen(action.label);
              }}
              className={clsx(
                'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-gray-100',
                action.destructive ? 'text-red-700' : 'text-gray-900',
              )}
            >
              {action.label}…
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
