import { categoryNames } from '@gvm/contract';
import { useSearchParams } from 'react-router';
import { ProductCardSkeleton, pulseAsOne } from '@/components/product/product-card-skeleton';
import { readBrowseParams } from '../hooks/use-browse-params';
import { showsHomeRows } from '../lib/home-rows';
import { CategoryStrip } from './category-strip';
import { HomeHero } from './home-hero';
import { rowHeadingClass, shelvesPlaceholderClass, TopSellersRowSkeleton } from './product-row-skeleton';

const placeholderCards = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/**
 * The home page while its code loads (the shell's Suspense fallback for `/`, and so the HTML the
 * server sends before any script runs, decision 024): the real heading, hero text and category
 * strip, which need no data, and placeholders of the rows', the filter bar's and the grid's size
 * (on `/` without a category, brand or search, the rows come first: decision 032). The page then
 * draws the same hero and strip in the same place, so nothing moves and the largest text is
 * painted from the HTML.
 */
export function HomePageSkeleton() {
  const [searchParams] = useSearchParams();
  const params = readBrowseParams(searchParams);
  const rows = showsHomeRows(params);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-5 sm:space-y-8 sm:px-6 sm:py-8 lg:px-8">
      <HomeHero heading={params.category ? categoryNames[params.category] : 'TOP SELLERS!'} />
      <CategoryStrip selected={params.category} />
      {rows ? <TopSellersRowSkeleton /> : null}
      {rows ? <div className={shelvesPlaceholderClass} /> : null}
      <div className="flex flex-col gap-6 sm:gap-8">
        {rows ? <h2 className={rowHeadingClass}>All gift cards</h2> : null}
        <BrowseResultsPlaceholder />
      </div>
    </div>
  );
}

/**
 * The filter bar's and the grid's place until their code has loaded (the skeleton, and on `/`
 * with its rows until the shopper nears 'All gift cards', home-page.tsx): the same heights as
 * theirs, so nothing moves when they arrive. `waiting`: not loading yet (the shopper has not come
 * near), so no 'Loading products' status is announced.
 */
export function BrowseResultsPlaceholder({ waiting = false }: { waiting?: boolean }) {
  return (
    <>
      {/* The filter bar's height, measured on a phone and from 768 px (two rows of selects, then one). */}
      <div aria-hidden="true" className="h-[166px] rounded-2xl border border-gray-100 bg-white shadow-sm md:h-[94px]" />
      {/* product-grid.tsx's grid; not imported from there, which would bring the cards' code into the entry. */}
      <div
        {...(waiting ? { 'aria-hidden': true } : { role: 'status', 'aria-label': 'Loading products' })}
        className={`grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4 ${pulseAsOne}`}
      >
        {placeholderCards.map((key) => (
          <ProductCardSkeleton key={key} />
        ))}
      </div>
    </>
  );
}
