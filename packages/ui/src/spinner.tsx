import { clsx } from 'clsx';

/** `.spinner-ring` in index.css (components layer): a size or colour in `className` overrides it. */
const ringClass = 'spinner-ring';

/** A spinning ring: announced as a status when given a label, otherwise decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  if (!label) return <span aria-hidden="true" className={clsx(ringClass, className)} />;
  return (
    <span role="status" className="inline-flex">
      <span aria-hidden="true" className={clsx(ringClass, className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
