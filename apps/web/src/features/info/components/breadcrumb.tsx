import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Home › {current}: the trail of an information page, the current page marked for screen readers. */
export function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm text-gray-500">
        <li>
          <Link to={paths.home} className="rounded hover:text-brand-700 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="h-3.5 w-3.5" />
        </li>
        <li>
          <span aria-current="page" className="font-medium text-gray-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
