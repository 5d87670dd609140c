import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';

/**
 * The class of a placeholder of many parts that pulses as one: its parts' own pulses stop. Each
 * running CSS animation is a layer of its own for the compositor and an `animationstart` event,
 * and one more every iteration, for React's listener at the root: the home page's rows drew 227
 * pulsing bars while loading, 227 events in one main-thread task of 35 ms unthrottled.
 */
export const pulseAsOne = 'animate-pulse [&_.animate-pulse]:animate-none';

/**
 * A grey placeholder the shape of a product card, shown while products load. `artSlot`: the
 * card's place in the top sellers' row, marked on its art box (`data-row-art`) for the server,
 * which paints that top seller's picture there in the page's HTML (apps/api/src/plugins/first-row.ts).
 * `art`: that picture, when the page carried it, drawn as the server and the card draw it, so it
 * stays on screen while the page's code loads.
 */
export function ProductCardSkeleton({ artSlot, art }: { artSlot?: number; art?: string }) {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-gray-100 bg-white">
      {art ? (
        <div className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-gray-50 to-brand-50/60 p-5 sm:p-7">
          <img
            src={art}
            alt=""
            width={CARD_ART_WIDTH}
            height={CARD_ART_HEIGHT}
            loading={(artSlot ?? 0) < 5 ? 'eager' : 'lazy'}
            fetchPriority={(artSlot ?? 0) < 5 ? 'high' : 'auto'}
            decoding="async"
            className="merchant-image rounded-xl transition-transform duration-300 group-hover:scale-105"
          />
        </div>
      ) : (
        <div className="aspect-[4/3] animate-pulse bg-gray-100" data-row-art={artSlot} />
      )}
      <div className="animate-pulse space-y-2 p-3 sm:p-4">
        <div className="h-2.5 w-1/3 rounded bg-gray-100" />
        <div className="h-4 w-3/4 rounded bg-gray-100" />
        <div className="h-3.5 w-1/2 rounded bg-gray-100" />
      </div>
    </div>
  );
}
