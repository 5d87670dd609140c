import { categoryNames, formatPriceRange, type Product } from '@gvm/contract';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MerchantName, merchantNameClass } from './merchant-name';

interface ProductCardProps {
  product: Product;
  /**
   * The favourite heart, given by the grid that shows the card (the wishlist feature owns it, and
   * a shared component imports no feature). It sits beside the link, not inside it, so pressing
   * it never opens the product.
   */
  favourite?: ReactNode;
  /** The card's art is on screen when the page opens (the grid's first row): fetched at once, first. */
  imagePriority?: boolean;
}

const artBoxClass =
  'flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-gray-50 to-brand-50/60 p-5 sm:p-7';

/** The card's lower half: the category, the merchant's name (`name`) and the price or range. */
function CardText({ product, name }: { product: Product; name: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col gap-0.5 border-t border-gray-50 p-3 sm:p-4">
      <span className="text-[0.7rem] font-medium tracking-wide text-gray-500 uppercase">
        {categoryNames[product.category]}
      </span>
      {name}
      <span className="mt-auto pt-1 text-[13px] font-semibold tracking-tight text-brand-700 sm:text-sm sm:tracking-normal">
        {formatPriceRange(product.minPrice, product.maxPrice, product.currency)}
      </span>
    </div>
  );
}

/**
 * A product in a grid (docs/product/browsing.md#browse-grid): logo, merchant name, price or
 * range, and the favourite heart. Shared by the browse grid, the top sellers and the wishlist.
 */
export function ProductCard({ product, favourite, imagePriority = false }: ProductCardProps) {
  const name = product.merchant.name;
  return (
    <article className="group relative h-full overflow-hidden rounded-2xl border border-gray-100 bg-white shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-brand-100 hover:shadow-lg hover:shadow-brand-600/5">
      <Link
        to={paths.product(product._id)}
        className="flex h-full flex-col rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <div className={artBoxClass}>
          <MerchantLogo
            src={product.imageUrl}
            name={name}
            priority={imagePriority}
            className="rounded-xl transition-transform duration-300 group-hover:scale-105"
          />
        </div>
        <CardText product={product} name={<MerchantName name={name} />} />
      </Link>
      {favourite && <div className="absolute top-2 right-2">{favourite}</div>}
    </article>
  );
}

/**
 * The place of a card not drawn yet (in a row far from the screen): the card's box and text, with
 * no picture, link or heart, so it is as tall as the card and nothing moves when the card comes.
 */
export function ProductCardOutline({ product }: { product: Product }) {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-100 bg-white shadow-sm">
      <div className={artBoxClass} />
      <CardText product={product} name={<p className={merchantNameClass}>{product.merchant.name}</p>} />
    </div>
  );
}
