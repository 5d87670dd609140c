import { type CategoryValue, categories } from '@gvm/contract';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, LayoutGrid, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, type To, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { withFirstPage } from '../lib/pages-shown';
import { categoryIcons } from './category-icons';

/** The home URL with `category` set (or removed), keeping the other browse choices. */
function categoryLink(current: URLSearchParams, category: CategoryValue | undefined): To {
  // Another category starts the grid at its first page (decision 033).
  const next = withFirstPage(new URLSearchParams(current));
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

type Side = 'left' | 'right';

/** Where the strip can still scroll to; a pixel of slack for fractional widths. */
function scrollRoom(list: HTMLElement): Record<Side, boolean> {
  return {
    left: list.scrollLeft > 1,
    right: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
  };
}

/**
 * The category icon strip of the browse grid (docs/product/browsing.md#home): each icon sets `category`.
 * Sixteen icons do not fit a desktop row, so from 768 px (the spec's desktop layout) arrows
 * scroll it (decision 031): real buttons, named, shown only while there is more on their side;
 * a phone swipes. The chosen category is scrolled into view.
 */
export function CategoryStrip({ selected }: { selected: CategoryValue | undefined }) {
  const [searchParams] = useSearchParams();
  const list = useRef<HTMLUListElement>(null);
  const arrows = useRef<Record<Side, HTMLButtonElement | null>>({ left: null, right: null });
  const [room, setRoom] = useState<Record<Side, boolean>>({ left: false, right: false });

  const update = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const next = scrollRoom(element);
    // Scroll events come every frame: re-render only when an arrow appears or goes.
    setRoom((now) => (now.left === next.left && now.right === next.right ? now : next));
  }, []);

  // Measured whenever the strip's box changes, which includes its first layout: the page may
  // mount it hidden (display: none while a Suspense boundary waits) and show it later.
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let centred = false;
    const observer = new ResizeObserver(() => {
      const active = element.querySelector<HTMLElement>('[aria-current="page"]')?.closest('li');
      if (!centred && active && element.clientWidth > 0) {
        centred = true;
        element.scrollLeft = active.offsetLeft - element.offsetLeft - (element.clientWidth - active.offsetWidth) / 2;
      }
      update();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [update]);

  // An arrow that reaches its end hides; keyboard focus moves to the other one rather than being lost.
  useEffect(() => {
    const { left, right } = arrows.current;
    if (!room.left && document.activeElement === left) right?.focus();
    if (!room.right && document.activeElement === right) left?.focus();
  }, [room]);

  const scroll = (side: Side) => {
    const element = list.current;
    if (!element) return;
    // Smooth unless the shopper asked for less motion: the list's CSS decides (motion-safe:scroll-smooth).
    element.scrollBy({ left: (side === 'left' ? -0.8 : 0.8) * element.clientWidth });
  };

  return (
    <nav aria-label="Categories" className="relative -mx-4 sm:mx-0">
      <ul
        ref={list}
        id="category-strip"
        onScroll={update}
        className="flex gap-1 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:thin] motion-safe:scroll-smooth sm:px-0 md:[scrollbar-width:none]"
      >
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
      {(['left', 'right'] as const).map((side) => {
        const Icon = side === 'left' ? ChevronLeft : ChevronRight;
        return (
          <button
            key={side}
            ref={(button) => {
              arrows.current[side] = button;
            }}
            type="button"
            aria-label={side === 'left' ? 'Scroll categories left' : 'Scroll categories right'}
            aria-controls="category-strip"
            disabled={!room[side]}
            onClick={() => scroll(side)}
            className={clsx(
              'absolute top-9 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-700 shadow-md hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 md:flex',
              side === 'left' ? '-left-3' : '-right-3',
              !room[side] && 'invisible',
            )}
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
          </button>
        );
      })}
    </nav>
  );
}
