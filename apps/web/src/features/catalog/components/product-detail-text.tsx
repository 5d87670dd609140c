import { ExternalLink } from 'lucide-react';
import { useProductText } from '../api/get-product';
import { DescriptionClamp } from './description-clamp';

/** Loading lines for text fetched from a link. */
function TextSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="animate-pulse space-y-2">
      <div className="h-4 w-full rounded bg-gray-100" />
      <div className="h-4 w-11/12 rounded bg-gray-100" />
      <div className="h-4 w-4/6 rounded bg-gray-100" />
    </div>
  );
}

/** When the linked text cannot be read here (offline, or the other site forbids it), link to it. */
function LinkedTextFallback({ url, label }: { url: string; label: string }) {
  return (
    <p className="text-gray-600">
      {label} could not be loaded here.{' '}
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
      >
        Read it on the merchant's site
        <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
      </a>
    </p>
  );
}

/** docs/product/browsing.md#product-page: the first 4 lines of the description, whether given or fetched from a URL. */
export function ProductDetailDescription({ description }: { description: string }) {
  const { text, isLoading, isError, url } = useProductText(description);
  if (isLoading) return <TextSkeleton label="Loading the description" />;
  if (isError && url) return <LinkedTextFallback url={url} label="The description" />;
  if (!text.trim()) return null;
  return <DescriptionClamp key={text} id="product-description" text={text} />;
}

/** The terms arrive as lines separated by '\n' (or behind a URL); each line is one point. */
export function ProductDetailTerms({ terms }: { terms: string }) {
  const { text, isLoading, isError, url } = useProductText(terms);
  // A repeated line says nothing new, and each shown line must be unique to key the list.
  const lines = [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  return (
    <section aria-labelledby="product-terms-heading" className="rounded-2xl border border-gray-200 p-5 sm:p-8">
      <h2 id="product-terms-heading" className="text-lg font-semibold">
        Terms and conditions
      </h2>
      <div className="mt-4 text-sm leading-6">
        {isLoading ? (
          <TextSkeleton label="Loading the terms and conditions" />
        ) : isError && url ? (
          <LinkedTextFallback url={url} label="The terms and conditions" />
        ) : lines.length === 0 ? (
          <p className="text-gray-500">This merchant has not published any terms for this gift card.</p>
        ) : (
          <ul className="grid gap-x-10 gap-y-2 text-gray-600 md:grid-cols-2">
            {lines.map((line) => (
              <li key={line} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
