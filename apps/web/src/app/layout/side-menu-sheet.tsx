import { Sheet, SheetContent } from '@gvm/ui/sheet';
import { Gift, Heart, LogIn, LogOut, Settings, Wallet } from 'lucide-react';
import type { ComponentType, RefObject } from 'react';
import { Link } from 'react-router';
import { ProtectedLink } from '@/components/protected-link';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { useIsLoggedIn } from '@/lib/auth/session-store';

interface MenuEntry {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
}

/** docs/product/README.md#page-shell: Wallet, Wishlists, Settings; Redeem Gift too, as phones have no header button for it. */
const entries: MenuEntry[] = [
  { label: 'Wallet', to: paths.wallet, icon: Wallet },
  { label: 'Wishlists', to: paths.wishlist, icon: Heart },
  { label: 'Settings', to: paths.settings, icon: Settings },
  { label: 'Redeem Gift', to: paths.redeem, icon: Gift },
];

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-base font-medium text-gray-800 transition-colors hover:bg-brand-50 hover:text-brand-700';

interface SideMenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header's menu button: focus goes back to it when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/** The side menu's sheet (docs/product/README.md#page-shell), loaded by `SideMenu` on first use. */
export default function SideMenuSheet({ open, onOpenChange, trigger }: SideMenuSheetProps) {
  const loggedIn = useIsLoggedIn();
  const logout = useLogout();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        title="Menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <nav aria-label="Menu" className="flex flex-1 flex-col">
          <ul className="space-y-1">
            {entries.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <ProtectedLink to={to} onClick={close} className={itemClass}>
                  <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
                  {label}
                </ProtectedLink>
              </li>
            ))}
          </ul>
          <div className="mt-auto border-t border-gray-100 pt-4">
            {loggedIn ? (
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  logout();
                }}
              >
                <LogOut className="h-5 w-5 text-brand-600" aria-hidden="true" />
                Logout
              </button>
            ) : (
              <Link to={paths.login} onClick={close} className={itemClass}>
                <LogIn className="h-5 w-5 text-brand-600" aria-hidden="true" />
                Login
              </Link>
            )}
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
