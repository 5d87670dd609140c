import { useQueryClient } from '@tanstack/react-query';
import { ProductCardSkeleton } from '@/components/product/product-card-skeleton';
import { initialDataKeys } from '@/lib/initial-data';

/**
 * A row scrolls sideways and snaps to its cards: about two and a bit on a phone, five and a peek
 * at 1366 px (decision 032); the card cut at the edge says that there is more. Kept apart from the
 * row's cards (product-row.tsx): the home page's skeleton, in the entry, draws the first row's place.
 */
export const rowListClass = 'flex snap-x snap-mandatory gap-3 overflow-x-auto pt-1 pb-3 sm:gap-5';
export const rowItemClass = 'w-[42%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[18%]';
export const rowHeadingClass = 'text-xl font-bold tracking-tight sm:text-2xl';
const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The catalogue's card art, as the server accepts it for the HTML (first-row.ts). */
const PICTURE_URL = /^\/api\/v1\/logos\/[\w.%-]+\.svg$/;

/**
 * `markArt`: the top sellers' row, whose art boxes the server fills in the HTML (first-row.ts);
 * `pictures`: the same pictures, from the data the page carried, so they stay while code loads.
 */
export function PlaceholderCards({ markArt = false, pictures = [] }: { markArt?: boolean; pictures?: unknown[] }) {
  return PLACEHOLDERS.map((key, index) => (
    <div key={key} className={rowItemClass}>
      <ProductCardSkeleton
        artSlot={markArt ? index : undefined}
        art={
          markArt && typeof pictures[index] === 'string' && PICTURE_URL.test(pictures[index])
            ? pictures[index]
            : undefined
        }
      />
    </div>
  ));
}

/** The top sellers' row while its cards load: the same heading and card sizes, so nothing moves. */
export function TopSellersRowSkeleton() {
  // The top sellers the page carried (seeded before the first render): the HTML shows their pictures.
  const products = useQueryClient().getQueryData<{ imageUrl?: unknown }[]>(initialDataKeys.topSellers());
  const pictures = Array.isArray(products) ? products.map((product) => product?.imageUrl) : [];
  return (
    <section aria-labelledby="home-top-sellers" className="space-y-3">
      <h2 id="home-top-sellers" className={rowHeadingClass}>
        Top sellers
      </h2>
      <div role="status" aria-label="Loading the top sellers" className={rowListClass}>
        <PlaceholderCards markArt pictures={pictures} />
      </div>
    </section>
  );
}

/**
 * The place of the occasions and price bands until their code has loaded (the home page's shell
 * and first render): an empty box, so that no skeleton's code weighs on the first load (decision
 * 032); their own skeleton (home-shelves.tsx) follows while their data load.
 */
export const shelvesPlaceholderClass = 'min-h-[40rem]';
