import { lazy, Suspense, useState } from 'react';

const MerchantNameTooltip = lazy(() => import('./merchant-name-tooltip'));

/**
 * Up to two lines, then cut with an ellipsis: on a phone's two-column grid a one-line name lost
 * most of 'Marks & Spencer Food' (decision 031); a word longer than the card breaks.
 */
export const merchantNameClass = 'line-clamp-2 text-sm font-semibold break-words text-gray-900 sm:text-base';

/**
 * The merchant's name, as the card's heading, on up to two lines; when it is cut short, a tooltip
 * shows it whole (docs/product/browsing.md#browse-grid). The name is plain text until the pointer first reaches it: the
 * tooltip's code (Radix and its positioning) is fetched then, not with the page (decision 023).
 */
export function MerchantName({ name }: { name: string }) {
  const [wanted, setWanted] = useState(false);
  const plain = (
    <h3 className={merchantNameClass} onPointerEnter={() => setWanted(true)}>
      {name}
    </h3>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <MerchantNameTooltip name={name} className={merchantNameClass} />
    </Suspense>
  );
}
