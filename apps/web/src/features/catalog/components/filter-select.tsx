import { Select } from '@gvm/ui/select';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type SelectHTMLAttributes, useId } from 'react';

interface FilterSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
}

/** The house's select box (@gvm/ui), labelled above, smaller and rounder, with a chevron: the catalogue's filters. */
export function FilterSelect({ label, className, children, ...props }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-500">
        {label}
      </label>
      <div className="relative">
        <Select
          id={id}
          className={clsx(
            'appearance-none truncate rounded-lg border-gray-200 py-0 pr-8 pl-2.5 text-[13px] text-gray-900 sm:pr-9 sm:pl-3 sm:text-sm',
            'transition-colors hover:border-gray-300 focus:border-brand-500 focus:ring-4 disabled:text-gray-500',
          )}
          {...props}
        >
          {children}
        </Select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2.5 h-4 w-4 -translate-y-1/2 text-gray-400"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
