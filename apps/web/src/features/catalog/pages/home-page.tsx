import { categoryNames } from '@gvm/contract';
import { QueryError } from '@gvm/ui/query-error';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { toApiError } from '@/lib/api-client';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useTopSellers } from '../api/get-top-sellers';
import { CategoryStrip } from '../components/category-strip';
import { HomeHero } from '../components/home-hero';
import { BrowseResultsPlaceholder } from '../components/home-page-skeleton';
import { ProductRow } from '../components/product-row';
import { rowHeadingClass, shelvesPlaceholderClass, TopSellersRowSkeleton } from '../components/product-row-skeleton';
import { useBrowseParams } from '../hooks/use-browse-params';
import { useUserCountry } from '../hooks/use-user-country';
import { showsHomeRows } from '../lib/home-rows';

/** Below the first screen: their code loads when the shopper scrolls towards them (decision 023). */
const HowItWorksPanels = lazy(() => import('@/features/info').then((module) => ({ default: module.HowItWorksPanels })));
const HomeShelves = lazy(() =>
  import('../components/home-shelves').then((module) => ({ default: module.HomeShelves })),
);
/**
 * The filter bar and the grid: below the rows on `/` they load as the shopper nears them; with a
 * category, brand or search they open the page, their code preloaded from the HTML (decision 032).
 */
const BrowseResults = lazy(() =>
  import('../components/browse-results').then((module) => ({ default: module.BrowseResults })),
);

const resultsClass = 'flex flex-col gap-6 sm:gap-8';

/** The top sellers' row shows five cards at 1366 px and two on a phone: the page's first pictures. */
const TOP_SELLERS_ON_SCREEN = 5;

/**
 * Home / category listing (docs/product/browsing.md#home): open to guests, its state kept in the URL. On `/`
 * with no category, brand or search, rows come first (decision 032): the top sellers, the
 * occasions and the price bands, then the A-Z grid under its filter bar.
 */
export function HomePage() {
  const { params, setFilter, clearFilters } = useBrowseParams();
  const country = useUserCountry();
  const categoryName = params.category ? categoryNames[params.category] : undefined;
  const rows = showsHomeRows(params);
  usePageMeta(
    categoryName ? `${categoryName} gift cards` : 'Gift cards and vouchers',
    'Buy digital gift cards from hundreds of UK brands, keep them in your wallet or send them by e-mail.',
  );
  const filters = { ...params, country };
  const results = (
    <BrowseResults params={params} filters={filters} onChange={setFilter} onClear={clearFilters} priority={!rows} />
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-5 sm:space-y-8 sm:px-6 sm:py-8 lg:px-8">
      <HomeHero heading={categoryName ?? 'TOP SELLERS!'} />
      <CategoryStrip selected={params.category} />
      {rows ? <TopSellersRow /> : null}
      {/* No margin: on a desktop the first visit's weight stays the first screen's (decision 032). */}
      {rows ? (
        <WhenNear name="shelves" margin="0px" placeholder={<div className={shelvesPlaceholderClass} />}>
          <HomeShelves />
        </WhenNear>
      ) : null}
      <section aria-labelledby="browse-results-heading" className={resultsClass}>
        <h2 id="browse-results-heading" className={rows ? rowHeadingClass : 'sr-only'}>
          {rows ? 'All gift cards' : categoryName ? `${categoryName} gift cards` : 'Gift cards'}
        </h2>
        {rows ? (
          <WhenNear name="grid" className={resultsClass} placeholder={<BrowseResultsPlaceholder waiting />}>
            {results}
          </WhenNear>
        ) : (
          <Suspense fallback={<BrowseResultsPlaceholder />}>{results}</Suspense>
        )}
      </section>
      <WhenNear name="how-it-works">
        <HowItWorksPanels />
      </WhenNear>
    </div>
  );
}

/** The first row: the top sellers (docs/product/browsing.md#home), embedded in the page by the server. */
function TopSellersRow() {
  const topSellers = useTopSellers();
  if (topSellers.isPending) return <TopSellersRowSkeleton />;
  if (topSellers.isError) {
    return <QueryError message={toApiError(topSellers.error).message} onRetry={() => topSellers.refetch()} />;
  }
  return (
    <ProductRow
      id="home-top-sellers"
      heading={
        <h2 id="home-top-sellers" className={rowHeadingClass}>
          Top sellers
        </h2>
      }
      products={topSellers.data}
      priorityCount={TOP_SELLERS_ON_SCREEN}
    />
  );
}

/**
 * The parts of the page drawn once already (by `name`), per query client (one a tab): their code
 * has loaded and their data are in its cache.
 */
const drawnWith = new WeakMap<QueryClient, Set<string>>();

/**
 * Children drawn once their place comes within `margin` of the screen (their code and data load
 * then, decision 023); `placeholder` holds the place until they have loaded. Back on the page,
 * what was drawn before is drawn at once, so the page has its height again for the scroll
 * restoration (back from a product to the grid below the rows).
 */
function WhenNear({
  name,
  margin,
  className,
  placeholder,
  children,
}: {
  name: string;
  margin?: string;
  className?: string;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const near = useNearViewport(box, margin) || drawnWith.get(queryClient)?.has(name) === true;
  useEffect(() => {
    if (!near) return;
    const drawn = drawnWith.get(queryClient) ?? new Set<string>();
    drawn.add(name);
    drawnWith.set(queryClient, drawn);
  }, [name, near, queryClient]);
  return (
    <div ref={box} className={className}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
