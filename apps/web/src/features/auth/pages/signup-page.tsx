import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, failureMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRegisterConsumer } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { OrDivider } from '../components/or-divider';
import { isValidSignUpEmail } from '../lib/validation';

const MISSING_NAME = 'Please enter your name';
const INVALID_EMAIL = 'Please enter a valid email address';

type FieldErrors = Partial<Record<'name' | 'email', string>>;

/** The field a refusal is about: the one the server names, else the address (the account's key). */
function failedField(error: unknown): keyof FieldErrors {
  const named = error instanceof ApiError ? error.errors?.[0]?.path : undefined;
  return named === 'name' ? 'name' : 'email';
}

/** /signup (docs/product/accounts.md#sign-up): name and e-mail, or Google. `?email=` prefills the address. */
export function SignupPage() {
  usePageMeta('Sign up', 'Create your UGM Gift Marketplace account to buy, send and keep digital gift vouchers.');
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  // Decision 029: what the toast says is also shown at its field, until that field is changed.
  const [errors, setErrors] = useState<FieldErrors>({});
  const registration = useRegisterConsumer();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fullName = name.trim();
    const address = email.trim();
    setErrors({});
    if (!fullName) {
      toast.error(MISSING_NAME);
      setErrors({ name: MISSING_NAME });
      return;
    }
    if (!isValidSignUpEmail(address)) {
      toast.error(INVALID_EMAIL);
      setErrors({ email: INVALID_EMAIL });
      return;
    }
    registration.mutate(
      { name: fullName, email: address },
      {
        onSuccess: () => {
          toast.success('Validation email sent', {
            description: `We've sent a validation email to ${address}. Please check your inbox.`,
          });
          navigate(`${paths.login}?${new URLSearchParams({ email: address })}`);
        },
        onError: (error) => {
          const message = failureMessage(error, 'An error occurred while sending the verification email.');
          toast.error('Error', { description: message });
          setErrors({ [failedField(error)]: message });
        },
      },
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Sign up to buy, send and keep gift vouchers.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="signup-name" label="Full Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              placeholder="Enter your name"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <Field id="signup-email" label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors(({ email: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
          {registration.isPending ? 'Loading...' : 'Sign up'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton mode="signup" />
      <p className="mt-8 text-center text-sm text-gray-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-brand-600 hover:text-brand-700">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
