import { Button } from '@gvm/ui/button';
import { Spinner } from '@gvm/ui/spinner';
import { Check, CreditCard, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CartTotals, type CurrencyTotal } from '@/features/cart';
import { CheckoutError } from './checkout-error';

interface PaymentDetailsProps {
  signedIn: boolean;
  userName: string | null;
  totals: CurrencyTotal[];
  canPay: boolean;
  isPaying: boolean;
  error: string | null;
  onPay(): void;
  onLogin(): void;
  /** The UGM Credit control (docs/product/buying.md#paying-with-ugm-credit), when the buyer has credit. */
  credit?: ReactNode;
}

/** The right column (docs/product/buying.md#checkout): how to pay, or how to log in to pay. */
export function PaymentDetails({
  signedIn,
  userName,
  totals,
  canPay,
  isPaying,
  error,
  onPay,
  onLogin,
  credit,
}: PaymentDetailsProps) {
  return (
    <aside
      aria-labelledby="payment-details-heading"
      className="h-fit space-y-5 rounded-2xl border border-gray-200 bg-gray-50/70 p-4 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="payment-details-heading" className="text-lg font-semibold">
        Payment Details
      </h2>
      {signedIn ? (
        <div className="rounded-xl bg-white p-4 shadow-xs">
          <p className="font-semibold text-gray-900">Welcome back!</p>
          {userName && <p className="mt-0.5 text-sm text-gray-600">Paying as {userName}</p>}
        </div>
      ) : (
        <div className="rounded-xl bg-white p-4 shadow-xs">
          <p className="font-semibold text-gray-900">Already Have An Account?</p>
          <p className="mt-0.5 text-sm text-gray-600">Log in to pay and keep your vouchers in your wallet.</p>
          <Button variant="outline" className="mt-3 w-full" onClick={onLogin}>
            Login to Checkout
          </Button>
        </div>
      )}
      <div>
        <p className="text-sm font-medium text-gray-800">Payment method</p>
        <p className="mt-2 flex items-center gap-3 rounded-lg border border-gray-300 bg-white p-3 text-sm font-medium">
          <CreditCard aria-hidden="true" className="h-5 w-5 text-gray-700" />
          Card
          <Check aria-label="Selected" className="ml-auto h-4 w-4 text-green-600" />
        </p>
        <p className="mt-1.5 text-xs text-gray-500">You enter your card on our payment partner’s secure page.</p>
      </div>
      {credit}
      <dl className="flex items-start justify-between border-t border-gray-200 pt-4">
        <dt className="text-base font-semibold text-gray-900">Total</dt>
        <CartTotals totals={totals} />
      </dl>
      {error && <CheckoutError message={error} />}
      {signedIn ? (
        <Button size="lg" className="w-full rounded-full" disabled={!canPay || isPaying} onClick={onPay}>
          {isPaying && <Spinner />}
          {isPaying ? 'Processing...' : 'Make Payment'}
        </Button>
      ) : (
        <Button size="lg" className="w-full rounded-full" onClick={onLogin}>
          Login to Pay
        </Button>
      )}
      <p className="flex items-start gap-1.5 text-xs text-gray-500">
        <Lock aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
        <span>
          By paying you agree to our{' '}
          <Link to={paths.terms} className="underline hover:text-gray-700">
            Terms &amp; Conditions
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="underline hover:text-gray-700">
            Privacy Policy
          </Link>
          .
        </span>
      </p>
    </aside>
  );
}
