import { Button } from '@gvm/ui/button';
import { Spinner } from '@gvm/ui/spinner';

interface LoadMoreProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
}

/** docs/product/browsing.md#browse-grid: the 'Load More' button under a progress bar of shown/total products. */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const label = `Showing ${shown} of ${total}`;
  return (
    <div className="mx-auto mt-10 flex w-full max-w-xs flex-col items-center gap-3">
      <p className="text-sm text-gray-600">{label}</p>
      {/* A progress bar is only its ARIA attributes and a bar: no library needed (decision 023). */}
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        aria-label={label}
        className="relative h-1.5 w-full overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className="h-full w-full rounded-full bg-brand-600 transition-transform duration-500"
          style={{ transform: `translateX(-${100 - (total > 0 ? (shown / total) * 100 : 0)}%)` }}
        />
      </div>
      {hasMore ? (
        <Button
          variant="outline"
          size="lg"
          className="mt-3 rounded-full border-gray-900 px-10 hover:bg-gray-900 hover:text-white"
          onClick={onLoadMore}
          disabled={loading}
          aria-busy={loading}
        >
          {loading ? <Spinner /> : null}
          Load More
        </Button>
      ) : null}
    </div>
  );
}
