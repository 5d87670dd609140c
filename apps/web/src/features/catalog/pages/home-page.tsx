import { categoryNames } from '@gvm/contract';
import { lazy, Suspense, useRef } from 'react';
import { usePageMeta } from '@/lib/page-meta';
import { useNearViewport } from '@/lib/use-near-viewport';
import { CategoryStrip } from '../components/category-strip';
import { FilterBar } from '../components/filter-bar';
import { HomeHero } from '../components/home-hero';
import { ProductGrid } from '../components/product-grid';
import { useBrowseParams } from '../hooks/use-browse-params';
import { useUserCountry } from '../hooks/use-user-country';

/** Below the grid: its code loads when the shopper scrolls towards it (decision 023). */
const HowItWorksPanels = lazy(() => import('@/features/info').then((module) => ({ default: module.HowItWorksPanels })));

/** Home / category listing (spec 000 section 2): open to guests, its state kept in the URL. */
export function HomePage() {
  const { params, setFilter, clearFilters } = useBrowseParams();
  const country = useUserCountry();
  const categoryName = params.category ? categoryNames[params.category] : undefined;
  usePageMeta(
    categoryName ? `${categoryName} gift cards` : 'Gift cards and vouchers',
    'Buy digital gift cards from hundreds of UK brands, keep them in your wallet or send them by e-mail.',
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-5 sm:space-y-8 sm:px-6 sm:py-8 lg:px-8">
      <HomeHero heading={categoryName ?? 'TOP SELLERS!'} />
      <CategoryStrip selected={params.category} />
      <FilterBar params={params} country={country} onChange={setFilter} onClear={clearFilters} />
      <section aria-labelledby="browse-results-heading">
        <h2 id="browse-results-heading" className="sr-only">
          {categoryName ? `${categoryName} gift cards` : 'Gift cards'}
        </h2>
        <ProductGrid filters={{ ...params, country }} onClearFilters={clearFilters} />
      </section>
      <HowItWorks />
    </div>
  );
}

function HowItWorks() {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  return (
    <div ref={box}>
      {near ? (
        <Suspense fallback={null}>
          <HowItWorksPanels />
        </Suspense>
      ) : null}
    </div>
  );
}
