import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Link } from 'react-router';

export function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for does not exist.');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Go back home
      </Link>
    </section>
  );
}
