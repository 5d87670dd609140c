import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { toast } from '@/lib/toast';
import { useRequestLoginCode } from '../api/request-login-code';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { OrDivider } from '../components/or-divider';
import { isPlausibleLoginEmail } from '../lib/validation';

const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * /login (docs/product/accounts.md#sign-in-by-code): an e-mailed code or Google. Query parameters: email
 * prefills the field, provider=google points at the Google button, returnTo is remembered for
 * after signing in.
 */
export function LoginPage() {
  usePageMeta('Log in', 'Log in to UGM Gift Marketplace with a one-time code sent to your email, or with Google.');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  // Decision 029: what the toast says is also shown at the field, until the address is changed.
  const [emailError, setEmailError] = useState<string | null>(null);
  const requestCode = useRequestLoginCode();
  const navigate = useNavigate();
  const returnTo = params.get('returnTo');

  useEffect(() => {
    if (returnTo) rememberReturnTo(returnTo);
  }, [returnTo]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEmailError(null);
    const address = email.trim();
    if (!isPlausibleLoginEmail(address)) {
      toast.error('Invalid email', { description: INVALID_EMAIL });
      setEmailError(INVALID_EMAIL);
      return;
    }
    requestCode.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast.success('Verification code sent', { description: `We've sent a login code to ${address}.` });
          navigate(`${paths.loginCode}?${new URLSearchParams({ email: address })}`);
        },
        onError: (error) => {
          const message = failureMessage(error, 'An error occurred while sending the verification code');
          toast.error('Error', { description: message });
          setEmailError(message);
        },
      },
    );
  }

  return (
    <AuthLayout title="Log in to your account" subtitle="Welcome back!">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="login-email" label="Email" error={emailError}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={requestCode.isPending}>
          {requestCode.isPending ? 'Loading...' : 'Continue with Email'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton mode="login" emphasised={params.get('provider') === 'google'} />
      <p className="mt-8 text-center text-sm text-gray-600">
        Don't have an account?{' '}
        <Link to={paths.signup} className="font-medium text-brand-600 hover:text-brand-700">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  );
}
