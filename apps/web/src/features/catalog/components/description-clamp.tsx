import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * docs/product/browsing.md#product-page: the description shows its first 4 lines with Show More / Show Less. The
 * toggle appears only when the text really overflows at the current width, measured again
 * whenever the box is resized. Callers key it by the text, so new text starts measured afresh.
 */
export function DescriptionClamp({ text, id, className }: { text: string; id: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <div className={className}>
      <p id={id} ref={ref} className={clsx('whitespace-pre-line leading-7 text-gray-600', !expanded && 'line-clamp-4')}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
    </div>
  );
}
