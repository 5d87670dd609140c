import type { WishlistItem } from '@gvm/contract';
import { ProductCard } from '@/components/product/product-card';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { FavouriteButton } from './favourite-button';

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';

export function WishlistGridSkeleton() {
  return (
    <div role="status" aria-label="Loading your wishlist" className={gridClass}>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The wishlist's products as the browse grid shows them: each links to its page, with the heart. */
export function WishlistGrid({ items }: { items: WishlistItem[] }) {
  return (
    <ul aria-label="Wishlist products" className={gridClass}>
      {items.map(({ productId, product }) => (
        <li key={productId}>
          <ProductCard
            product={product}
            favourite={<FavouriteButton productId={productId} merchantName={product.merchant.name} />}
          />
        </li>
      ))}
    </ul>
  );
}
