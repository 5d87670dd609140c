import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { countryName } from '../lib/country-name';

/** docs/product/browsing.md#product-page: country, Home, merchant. */
export function ProductDetailBreadcrumb({
  country,
  merchantName,
}: {
  country: string | undefined;
  merchantName: string;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-gray-500">
        <li>{countryName(country)}</li>
        <li aria-hidden="true">
          <ChevronRight className="h-4 w-4" />
        </li>
        <li>
          <Link to={paths.home} className="hover:text-brand-600 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="h-4 w-4" />
        </li>
        <li aria-current="page" className="truncate font-medium text-gray-900">
          {merchantName}
        </li>
      </ol>
    </nav>
  );
}
