import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { withFirstPage } from '@/features/catalog';

/** docs/product/README.md#page-shell: the search waits 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The header's merchant search (docs/product/README.md#page-shell). Searching goes to / with q set and
 * drops any merchant filter; leaving / clears the box (the new URL has no q).
 */
export function SearchBox({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onHome = location.pathname === paths.home;
  const urlQuery = onHome ? (searchParams.get('q') ?? '') : '';
  const [text, setText] = useState(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  // The timer fires after renders it did not see; it reads the location from here.
  const latest = useRef({ onHome, searchParams });
  latest.current = { onHome, searchParams };

  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  // Leaving / clears the box and abandons a search that has not run yet, so it cannot pull the
  // shopper back.
  useEffect(() => {
    if (onHome) return;
    cancelPending();
    setText('');
  }, [onHome, cancelPending]);

  // Follow the URL (back/forward), unless the shopper is mid-typing: the pending search will
  // move the URL to what they typed.
  useEffect(() => {
    if (timer.current === undefined) setText(urlQuery);
  }, [urlQuery]);

  useEffect(() => cancelPending, [cancelPending]);

  function search(value: string) {
    const term = value.trim();
    const { onHome: home, searchParams: current } = latest.current;
    if (!home) {
      if (term) navigate({ pathname: paths.home, search: `?${new URLSearchParams({ q: term })}` });
      return;
    }
    const next = new URLSearchParams(current);
    if (term) {
      next.set('q', term);
      next.delete('merchant');
    } else {
      next.delete('q');
    }
    if (next.toString() === current.toString()) return;
    // A new search starts the grid at its first page (decision 033).
    withFirstPage(next);
    // Refining a search replaces the history entry; starting one adds an entry to go back to.
    navigate({ pathname: paths.home, search: next.size > 0 ? `?${next}` : '' }, { replace: current.has('q') });
  }

  function handleChange(value: string) {
    setText(value);
    cancelPending();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      search(value);
    }, SEARCH_DEBOUNCE_MS);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    cancelPending();
    search(text);
  }

  function handleClear() {
    cancelPending();
    setText('');
    search('');
    input.current?.focus();
  }

  return (
    // A real form (GET / with q): in the server's shell, before the app has loaded, Enter still
    // searches, as the browser submits it itself (decision 035); the app's handler takes over after.
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to older browsers.
    <form
      role="search"
      method="get"
      action={paths.home}
      onSubmit={handleSubmit}
      className={clsx('relative', className)}
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-gray-400"
        aria-hidden="true"
      />
      <input
        ref={input}
        type="search"
        name="q"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        placeholder="Search by merchant name..."
        aria-label="Search by merchant name"
        enterKeyHint="search"
        autoComplete="off"
        className={clsx(
          'h-10 w-full rounded-full border border-gray-200 bg-gray-50 pr-10 pl-10 text-sm text-gray-900 transition-colors',
          'placeholder:text-gray-400 hover:border-gray-300 focus:border-brand-500 focus:bg-white focus:outline-none',
          'focus:ring-4 focus:ring-brand-100 [&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      {text ? (
        <button
          type="button"
          onClick={handleClear}
          aria-label="Clear search"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1.5 text-gray-500 transition-colors hover:bg-gray-200 hover:text-gray-700"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
