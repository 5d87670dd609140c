import { buttonClassName } from '@gvm/ui/button';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** docs/product/browsing.md#wishlist: the empty state's copy, exactly. */
export function WishlistEmptyState() {
  return (
    <div className="mx-auto mt-8 max-w-md rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50">
        <Heart aria-hidden="true" className="h-8 w-8 text-brand-600" />
      </div>
      <h2 className="mt-5 text-xl font-semibold">You Have No Wishlists Yet</h2>
      <p className="mt-2 text-gray-500">Tap the heart on any gift card to keep it here for later.</p>
      <Link to={paths.home} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full')}>
        Discover Items
      </Link>
    </div>
  );
}
