import { useEffect } from 'react';

/** Sets the document title and meta description while a page is shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${title} | UGM Gift Marketplace`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
