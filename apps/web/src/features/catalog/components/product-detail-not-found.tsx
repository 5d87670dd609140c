import { buttonClassName } from '@gvm/ui/button';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** An unknown product id (404 'Product not found'): say so and offer the way back. */
export function ProductDetailNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50">
        <SearchX aria-hidden="true" className="h-8 w-8 text-brand-600" />
      </div>
      <h1 className="mt-6 text-3xl font-bold">Product not found</h1>
      <p className="mt-3 text-gray-600">
        This gift card is not available. It may have been removed, or the link is wrong.
      </p>
      <Link to={paths.home} className={buttonClassName('primary', 'lg', 'mt-8 rounded-full')}>
        Back to the shop
      </Link>
    </section>
  );
}
