import { buttonClassName } from '@gvm/ui/button';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function CartEmptyState() {
  return (
    <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50">
        <ShoppingBag aria-hidden="true" className="h-8 w-8 text-brand-600" />
      </div>
      <h2 className="mt-5 text-xl font-semibold">Your cart is empty</h2>
      <p className="mt-2 text-gray-500">Find a gift card for the shops, restaurants and experiences they love.</p>
      <Link to={paths.home} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full')}>
        Start Shopping
      </Link>
    </div>
  );
}
