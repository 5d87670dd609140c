import { ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { getGuestCartCount, subscribeGuestCartCount } from '../lib/guest-cart-count';

const ServerCartLink = lazy(() => import('./server-cart-link'));

interface CartLinkProps {
  className?: string;
}

/** 'Cart', or 'Cart, 3 items': the badge's number is read as part of the link's name. */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's cart link with the number of vouchers in the cart as a badge (issue 12 §3). */
export function CartLinkView({ count, className }: CartLinkProps & { count: number }) {
  const label = cartLinkLabel(count);
  return (
    <Link to={paths.cart} aria-label={label} title={label} className={className}>
      <span className="relative">
        <ShoppingCart className="h-5 w-5" aria-hidden="true" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="cart-count"
            className="absolute -top-2 -right-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] font-bold leading-none text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </Link>
  );
}

/**
 * The guest's count comes from this browser's cart without loading its store; a signed-in user's
 * from the server cart, whose code loads only for them (decision 023).
 */
export function CartLink({ className }: CartLinkProps) {
  const loggedIn = useIsLoggedIn();
  const guestCount = useSyncExternalStore(subscribeGuestCartCount, getGuestCartCount, () => 0);
  if (!loggedIn) return <CartLinkView count={guestCount} className={className} />;
  return (
    <Suspense fallback={<CartLinkView count={0} className={className} />}>
      <ServerCartLink className={className} />
    </Suspense>
  );
}
