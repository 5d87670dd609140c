import { buttonClassName } from '@gvm/ui/button';
import { clsx } from 'clsx';
import { Gift, Heart, LogIn, Settings, User, Wallet } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ProtectedLink } from '@/components/protected-link';
import { paths } from '@/config/paths';
import { CartLink } from '@/features/cart';
import { NotificationBell } from '@/features/notifications';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { company } from '@/lib/company';
import { SearchBox } from './search-box';
import { SideMenu } from './side-menu';
import { useScrolledPast } from './use-scrolled-past';

/** docs/product/README.md#page-shell: the header turns translucent with a shadow past 10 px of scrolling. */
const SCROLL_THRESHOLD_PX = 10;

const iconLinkClass =
  'items-center justify-center rounded-full p-2.5 text-gray-600 transition-colors hover:bg-brand-50 hover:text-brand-700';

interface IconLink {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string }>;
  /**
   * The side menu lists Wallet, Wishlists and Settings, so narrower headers leave these out:
   * from 768 px the search box shares the bar and needs the room (decision 031).
   */
  shownFrom: string;
}

const protectedIconLinks: IconLink[] = [
  { label: 'Wallet', to: paths.wallet, icon: Wallet, shownFrom: 'hidden lg:flex' },
  { label: 'Wishlist', to: paths.wishlist, icon: Heart, shownFrom: 'hidden sm:flex' },
  { label: 'Settings', to: paths.settings, icon: Settings, shownFrom: 'hidden xl:flex' },
];

/** The page shell's header (docs/product/README.md#page-shell). */
export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const loggedIn = useIsLoggedIn();

  return (
    <header
      data-scrolled={scrolled}
      className={clsx(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200',
        scrolled ? 'border-transparent bg-white/80 shadow-md backdrop-blur-md' : 'border-gray-100 bg-white',
      )}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 sm:px-6 lg:px-8">
        <SideMenu />
        <Link to={paths.home} aria-label={`${company.brand} home`} className="flex shrink-0 items-center gap-2">
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-600/30">
            <Gift className="h-5 w-5" aria-hidden="true" />
          </span>
          <span className="text-xl font-extrabold tracking-tight text-gray-900">
            {company.shortBrand}
            {/* gray-600: scrolled, the header is 80% white over the page, where gray-500 fell below 4.5:1. */}
            <span className="hidden text-sm font-medium text-gray-600 xl:inline"> Gift Marketplace</span>
          </span>
        </Link>

        {/*
          One search box: its own full-width row below the bar on phones, inline from 768 px, never
          narrower than its placeholder ('Search by merchant name...' whole at 768 px and up).
        */}
        <SearchBox className="order-last w-full md:order-none md:mx-3 md:w-auto md:max-w-xl md:min-w-72 md:flex-1 lg:mx-4" />

        <nav aria-label="Account" className="ml-auto flex shrink-0 items-center gap-0.5">
          <ProtectedLink
            to={paths.redeem}
            className={buttonClassName('primary', 'sm', 'mr-2 hidden rounded-full px-4 lg:inline-flex')}
          >
            <Gift className="h-4 w-4" aria-hidden="true" />
            Redeem Gift
          </ProtectedLink>
          {protectedIconLinks.map(({ label, to, icon: Icon, shownFrom }) => (
            <ProtectedLink key={to} to={to} aria-label={label} title={label} className={clsx(iconLinkClass, shownFrom)}>
              <Icon className="h-5 w-5" aria-hidden="true" />
            </ProtectedLink>
          ))}
          <NotificationBell />
          <CartLink className={clsx(iconLinkClass, 'flex')} />
          {loggedIn ? (
            <ProtectedLink
              to={paths.account}
              aria-label="Account"
              title="Account"
              className={clsx(iconLinkClass, 'flex')}
            >
              <User className="h-5 w-5" aria-hidden="true" />
            </ProtectedLink>
          ) : (
            <Link to={paths.login} className={buttonClassName('outline', 'sm', 'ml-1 rounded-full px-3.5')}>
              <LogIn className="h-4 w-4" aria-hidden="true" />
              Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
