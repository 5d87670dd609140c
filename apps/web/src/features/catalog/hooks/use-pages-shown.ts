import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAGES_PARAM, readPagesShown } from '../lib/pages-shown';

/**
 * The browse grid's page count, kept in the URL (`pages`, see lib/pages-shown.ts). Setting it
 * replaces the history entry: 'Load More' is not a step to go back through.
 */
export function usePagesShown(): [pages: number, setPages: (pages: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setPages = useCallback(
    (pages: number) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (pages > 1) next.set(PAGES_PARAM, String(pages));
          else next.delete(PAGES_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  return [readPagesShown(searchParams), setPages];
}
