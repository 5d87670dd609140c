import { cardArtUrl, categoryNames, formatPriceRange, type Product } from '@gvm/contract';
import { Gift, Mail, Infinity as NeverExpires } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { FavouriteButton } from '@/features/wishlist';
import { useNearViewport } from '@/lib/use-near-viewport';
import { ProductDetailBreadcrumb } from './product-detail-breadcrumb';
import { ProductDetailImage } from './product-detail-image';
import { ProductDetailPurchase } from './product-detail-purchase';
import { ProductDetailDescription, ProductDetailTerms } from './product-detail-text';
import { TopSellersPlaceholder } from './top-sellers-placeholder';

/**
 * Below the product, so its code (the product cards) loads when the shopper scrolls towards it;
 * until then its heading and the cards' places are drawn (decision 023).
 */
const TopSellersSection = lazy(() =>
  import('./top-sellers-section').then((module) => ({ default: module.TopSellersSection })),
);

/** docs/product/browsing.md#product-page: what every voucher promises, repeated where the buying decision is made. */
const PROMISES = [
  { icon: NeverExpires, text: 'Never expires' },
  { icon: Gift, text: 'Keeps its full value' },
  { icon: Mail, text: 'Send by e-mail with a message' },
];

export function ProductDetailView({ product }: { product: Product }) {
  const name = product.merchant.name;
  // The value the shopper picked for this product, printed on the card art (decision 028).
  const [picked, setPicked] = useState<{ productId: string; value: number } | null>(null);
  const shownValue = picked?.productId === product._id ? picked.value : undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <ProductDetailBreadcrumb country={product.country[0]} merchantName={name} />
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-24">
          <ProductDetailImage
            imageUrl={cardArtUrl(product.imageUrl, shownValue, product.currency)}
            merchantName={name}
          />
        </div>
        <div className="space-y-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">
                {categoryNames[product.category]}
              </p>
              <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{name}</h1>
              <p className="mt-2 text-lg font-medium tabular-nums text-gray-700">
                {formatPriceRange(product.minPrice, product.maxPrice, product.currency)}
              </p>
            </div>
            <FavouriteButton productId={product._id} merchantName={name} />
          </div>
          {/* Keyed by product, so another product starts afresh; siblings need keys of their own. */}
          <ProductDetailDescription key={`description-${product._id}`} description={product.description} />
          <ProductDetailPurchase
            key={`purchase-${product._id}`}
            product={product}
            onValueChange={(value) => setPicked({ productId: product._id, value })}
          />
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-600">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="h-4 w-4 text-brand-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-12">
        <ProductDetailTerms terms={product.termsAndConditions} />
      </div>
      <TopSellers />
    </div>
  );
}

function TopSellers() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box}>
      {near ? (
        <Suspense fallback={<TopSellersPlaceholder />}>
          <TopSellersSection />
        </Suspense>
      ) : (
        <TopSellersPlaceholder />
      )}
    </div>
  );
}
