import type { Product } from '@gvm/contract';
import type { ReactElement } from 'react';
import { ProductCard } from '@/components/product/product-card';
import { FavouriteButton } from '@/features/wishlist';
import { rowItemClass, rowListClass } from './product-row-skeleton';

interface ProductRowProps {
  /** The id of `heading`: the section and the list are named by it. */
  id: string;
  /** The row's heading element (an h2 of its own, or an h3 in a group), carrying `id`. */
  heading: ReactElement;
  products: Product[];
  /** How many of the first cards are on screen at first paint: their art is fetched at once, first. */
  priorityCount?: number;
}

/**
 * One row of the home page (the top sellers, an occasion, a price band): a heading and its cards,
 * in a list named by the heading. The cards are links, so Tab walks the row and the browser
 * scrolls each into view.
 */
export function ProductRow({ id, heading, products, priorityCount = 0 }: ProductRowProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      {heading}
      <ProductRowCards id={id} products={products} priorityCount={priorityCount} />
    </section>
  );
}

/** A row's cards, in a list named by the row's heading (`id`). */
export function ProductRowCards({ id, products, priorityCount = 0 }: Omit<ProductRowProps, 'heading'>) {
  return (
    <ul aria-labelledby={id} className={rowListClass}>
      {products.map((product, index) => (
        <li key={product._id} className={rowItemClass}>
          <ProductCard
            product={product}
            imagePriority={index < priorityCount}
            favourite={<FavouriteButton productId={product._id} merchantName={product.merchant.name} />}
          />
        </li>
      ))}
    </ul>
  );
}
