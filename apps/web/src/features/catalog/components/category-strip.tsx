import { type CategoryValue, categories } from '@gvm/contract';
import { clsx } from 'clsx';
import { LayoutGrid, type LucideIcon } from 'lucide-react';
import { Link, type To, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { categoryIcons } from './category-icons';

/** The home URL with `category` set (or removed), keeping the other browse choices. */
function categoryLink(current: URLSearchParams, category: CategoryValue | undefined): To {
  const next = new URLSearchParams(current);
  if (category) next.set('category', category);
  else next.delete('category');
  return { pathname: paths.home, search: next.size > 0 ? `?${next}` : '' };
}

function StripItem({ to, label, icon: Icon, active }: { to: To; label: string; icon: LucideIcon; active: boolean }) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        className="group flex w-20 flex-col items-center gap-2 rounded-xl py-1 text-center focus-visible:outline-2 focus-visible:outline-brand-600 sm:w-24"
      >
        <span
          className={clsx(
            'flex h-14 w-14 items-center justify-center rounded-2xl border transition-all sm:h-16 sm:w-16',
            active
              ? 'border-brand-600 bg-brand-600 text-white shadow-md shadow-brand-600/25'
              : 'border-gray-100 bg-white text-gray-700 shadow-sm group-hover:-translate-y-0.5 group-hover:border-brand-100 group-hover:text-brand-600',
          )}
        >
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <span
          className={clsx(
            'text-xs leading-tight font-medium',
            active ? 'text-brand-700' : 'text-gray-600 group-hover:text-gray-900',
          )}
        >
          {label}
        </span>
      </Link>
    </li>
  );
}

/** The category icon strip of the browse grid (spec 000 section 2): each icon sets `category`. */
export function CategoryStrip({ selected }: { selected: CategoryValue | undefined }) {
  const [searchParams] = useSearchParams();
  return (
    <nav aria-label="Categories" className="-mx-4 sm:mx-0">
      <ul className="flex gap-1 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] sm:px-0">
        <StripItem to={categoryLink(searchParams, undefined)} label="All" icon={LayoutGrid} active={!selected} />
        {categories.map((category) => (
          <StripItem
            key={category.value}
            to={categoryLink(searchParams, category.value)}
            label={category.name}
            icon={categoryIcons[category.value]}
            active={selected === category.value}
          />
        ))}
      </ul>
    </nav>
  );
}
