import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { takeReturnTo } from '@/lib/auth/redirect-storage';
import { toast } from '@/lib/toast';
import { useLogInWithCode } from '../api/log-in-with-code';
import { AuthLayout } from '../components/auth-layout';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { isPlausibleLoginCode } from '../lib/validation';

/**
 * /login-code?email (docs/product/accounts.md#sign-in-by-code): the e-mailed code signs the user in, then they
 * go to the remembered returnTo (forgotten once used) or home. Without an email there is nothing
 * to verify, so it goes back to /login.
 */
export function LoginCodePage() {
  usePageMeta('Enter your code', 'Enter the 6-digit code we e-mailed you to log in to UGM Gift Marketplace.');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();
  const [code, setCode] = useState('');
  const logIn = useLogInWithCode();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();

  if (!email) return <Navigate to={paths.login} replace />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email) return;
    if (!isPlausibleLoginCode(code)) {
      toast.error('Invalid code', { description: 'Please enter the 6-digit verification code' });
      return;
    }
    logIn.mutate(
      { email, loginCode: code.trim() },
      {
        onSuccess: (tokens) => {
          try {
            completeSignIn(tokens, takeReturnTo() ?? paths.home);
          } catch (error) {
            toast.error('Error', { description: failureMessage(error, 'Failed to store tokens') });
            return;
          }
          toast.success('Success!', { description: "You've successfully logged in" });
        },
        onError: (error) => {
          toast.error('Error', { description: failureMessage(error, 'The verification code is incorrect') });
        },
      },
    );
  }

  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        <>
          We've sent a verification code to <span className="font-medium text-gray-900">{email}</span>.
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="login-code" label="Verification code">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="Enter the 6-digit code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={logIn.isPending}>
          {logIn.isPending ? 'Loading...' : 'Verify'}
        </Button>
      </form>
      <Button
        variant="ghost"
        size="lg"
        className="mt-3 w-full"
        onClick={() => navigate(`${paths.login}?${new URLSearchParams({ email })}`)}
      >
        Back to login
      </Button>
      {/* Offered for every address, so it says nothing about whether this one has an account
          (decision 020); the address comes along, and so does the remembered returnTo. */}
      <p className="mt-8 text-center text-sm text-gray-600">
        Don't have an account?{' '}
        <Link
          to={`${paths.signup}?${new URLSearchParams({ email })}`}
          className="font-medium text-brand-600 hover:text-brand-700"
        >
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
