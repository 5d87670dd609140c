import { Link } from 'react-router';
import { usePageMeta } from '@/lib/page-meta';

/** A page a later release builds: it says so plainly instead of pretending to work. */
export function ComingSoon({ title }: { title: string }) {
  usePageMeta(title, `${title}: coming soon to UGM Gift Marketplace.`);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-gray-600">This page is coming soon. We are still building it.</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
      >
        Back to the shop
      </Link>
    </section>
  );
}
