import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export interface CartLinkProps {
  className?: string;
}

/** 'Cart', or 'Cart, 3 items': the badge's number is read as part of the link's name. */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's cart link with the number of vouchers in the cart as a badge (decision 029). */
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
