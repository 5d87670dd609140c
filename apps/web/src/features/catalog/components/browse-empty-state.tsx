import { Button } from '@gvm/ui/button';
import { PackageSearch } from 'lucide-react';

/** The searched text: q when present, as the server lets q take precedence over merchant. */
export function emptyResultsMessage(search: { q?: string; merchant?: string }): string {
  const searched = search.q || search.merchant;
  return searched ? `No products found for "${searched}"` : 'No products found for your country.';
}

/** docs/product/browsing.md#browse-grid: what the grid says when nothing matches. */
export function BrowseEmptyState({
  q,
  merchant,
  onClear,
}: {
  q?: string;
  merchant?: string;
  /** Offered when filters are active, to get back to everything. */
  onClear?: () => void;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-200 bg-gray-50/60 px-6 py-16 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <PackageSearch className="h-7 w-7" aria-hidden="true" />
      </span>
      <p role="status" className="mt-4 text-lg font-semibold text-gray-900">
        {emptyResultsMessage({ q, merchant })}
      </p>
      {onClear ? (
        <Button variant="outline" className="mt-6 rounded-full" onClick={onClear}>
          Show all gift cards
        </Button>
      ) : null}
    </div>
  );
}
