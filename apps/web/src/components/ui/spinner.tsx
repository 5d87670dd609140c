import { cn } from '@/lib/cn';

const ringClass = 'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent';

/** A spinning ring: announced as a status when given a label, otherwise decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  if (!label) return <span aria-hidden="true" className={cn(ringClass, className)} />;
  return (
    <span role="status" className="inline-flex">
      <span aria-hidden="true" className={cn(ringClass, className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
