import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { mentionsSettings } from '../lib/checkout-error';

/** docs/product/buying.md#checkout: a checkout failure in red, with a way to Settings when it points there. */
export function CheckoutError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      <p>{message}</p>
      {mentionsSettings(message) && (
        <Link to={paths.settings} className="mt-1 inline-block font-medium text-red-700 underline hover:text-red-800">
          Go to Settings
        </Link>
      )}
    </div>
  );
}
