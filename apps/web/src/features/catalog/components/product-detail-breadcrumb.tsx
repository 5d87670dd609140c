import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** 'GB' → 'United Kingdom'; a code the browser does not know is shown as it is. */
function countryName(code: string | undefined): string {
  if (!code) return 'United Kingdom';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    // DisplayNames throws a RangeError for a malformed code; the code itself is still meaningful.
    return code;
  }
}

/** Spec 000 section 2: country, Home, merchant. */
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
