import type { ProductShelf } from '@gvm/contract';
import { QueryError } from '@gvm/ui/query-error';
import { useEffect, useRef, useState } from 'react';
import { ProductCardOutline } from '@/components/product/product-card';
import { pulseAsOne } from '@/components/product/product-card-skeleton';
import { toApiError } from '@/lib/api-client';
import { useNearViewport } from '@/lib/use-near-viewport';
import { useShelves } from '../api/get-shelves';
import { ProductRowCards } from './product-row';
import { PlaceholderCards, rowHeadingClass, rowItemClass, rowListClass } from './product-row-skeleton';

/** The rows' groups as the server answers them for GB: five occasions, four price bands. */
const GROUPS = [
  { key: 'occasions', rows: ['a', 'b', 'c', 'd', 'e'] },
  { key: 'prices', rows: ['a', 'b', 'c', 'd'] },
];

/** How near the screen a row's cards are drawn: about half a row, on a phone. */
const ROW_MARGIN = '200px 0px';

/** The rows' place while their data load: rows of the real rows' sizes; the titles are the server's, so grey bars. */
function HomeShelvesSkeleton() {
  return (
    <div role="status" aria-label="Loading more gift cards" className={`space-y-10 ${pulseAsOne}`}>
      {GROUPS.map((group) => (
        <div key={group.key} aria-hidden="true" className="space-y-6">
          <div className="h-7 w-56 rounded bg-gray-100 sm:h-8" />
          {group.rows.map((row) => (
            <div key={row} className="space-y-3">
              <div className="h-7 w-32 rounded bg-gray-100" />
              <div className={rowListClass}>
                <PlaceholderCards />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function ShelfGroup({
  id,
  title,
  rows,
  drawAll,
}: {
  id: string;
  title: string;
  rows: ProductShelf[];
  drawAll: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-6">
      <h2 id={id} className={rowHeadingClass}>
        {title}
      </h2>
      {rows.map((row) => (
        <ShelfRow key={row.slug} id={`${id}-${row.slug}`} row={row} drawn={drawAll} />
      ))}
    </section>
  );
}

/**
 * One row, its cards drawn once it comes near the screen, or at once when `drawn`: on a phone the
 * first screen shows the start of the first occasion, and drawing all nine rows' 72 cards with the
 * first screen was one main-thread task of 60 ms unthrottled, and its layout another. Until then
 * each card's place is its outline, with the card's text (read by screen readers and found by the
 * browser's search as the cards' would be), so the row is as tall as it will be. `data-outline`
 * marks it for the screenshots (e2e), which bring each one into view as a shopper scrolling would.
 */
function ShelfRow({ id, row, drawn }: { id: string; row: ProductShelf; drawn: boolean }) {
  const box = useRef<HTMLElement>(null);
  const near = useNearViewport(box, ROW_MARGIN);
  const heading = (
    <h3 id={id} className="text-lg font-bold tracking-tight">
      {row.title}
    </h3>
  );
  // One section whether drawn or not, so its heading stays the same element when the cards come
  // (a shopper's find-in-page match or a scroll to it is not lost).
  const outline = !(near || drawn);
  return (
    <section ref={box} aria-labelledby={id} className="space-y-3" data-outline={outline ? '' : undefined}>
      {heading}
      {outline ? (
        <>
          {/*
            A row scrolls sideways and its outlines hold no link, so the row itself takes the focus
            (WCAG 2.1.1, axe's scrollable-region-focusable): the keyboard can scroll it. Tab draws
            every row before it moves (useKeyboardUse), so in practice the drawn row's links take over.
          */}
          {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: outlines, not a fieldset; a scrolling region takes the focus. */}
          <div role="group" aria-labelledby={id} tabIndex={0} className={rowListClass}>
            {row.products.map((product) => (
              <div key={product._id} className={rowItemClass}>
                <ProductCardOutline product={product} />
              </div>
            ))}
          </div>
        </>
      ) : (
        <ProductRowCards id={id} products={row.products} />
      )}
    </section>
  );
}

/**
 * Whether the shopper moves through the page with the keyboard: Tab pressed since the rows
 * came, or a control focused from the keyboard before. Tab goes from card to card, and would pass
 * over the rows not drawn yet (an outline has no link), so then every row is drawn.
 */
function useKeyboardUse(): boolean {
  const [keyboard, setKeyboard] = useState(() => document.activeElement?.matches(':focus-visible') === true);
  useEffect(() => {
    if (keyboard) return;
    // Drawn before the browser moves the focus: React renders a key press's update at once.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setKeyboard(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keyboard]);
  return keyboard;
}

/**
 * The home page's rows below the top sellers (decision 032): the occasions, curated by the
 * catalogue, then the price bands. Loaded, code and data, when the shopper comes near them
 * (home-page.tsx, decision 032).
 */
export function HomeShelves() {
  const shelves = useShelves();
  const keyboard = useKeyboardUse();
  if (shelves.isPending) return <HomeShelvesSkeleton />;
  if (shelves.isError) {
    return <QueryError message={toApiError(shelves.error).message} onRetry={() => shelves.refetch()} />;
  }
  return (
    <div className="space-y-10">
      <ShelfGroup id="shop-by-occasion" title="Shop by occasion" rows={shelves.data.occasions} drawAll={keyboard} />
      <ShelfGroup id="shop-by-price" title="Shop by price" rows={shelves.data.priceBands} drawAll={keyboard} />
    </div>
  );
}
