import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { failureMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { useRegisterConsumer } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { GoogleButton } from '../components/google-button';
import { OrDivider } from '../components/or-divider';
import { isValidSignUpEmail } from '../lib/validation';

/** /signup (spec 000 sections 2 and 4): name and e-mail, or Google. `?email=` prefills the address. */
export function SignupPage() {
  usePageMeta('Sign up', 'Create your UGM Gift Marketplace account to buy, send and keep digital gift vouchers.');
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const registration = useRegisterConsumer();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fullName = name.trim();
    const address = email.trim();
    if (!fullName) {
      toast.error('Please enter your name');
      return;
    }
    if (!isValidSignUpEmail(address)) {
      toast.error('Please enter a valid email address');
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
          toast.error('Error', {
            description: failureMessage(error, 'An error occurred while sending the verification email.'),
          });
        },
      },
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Sign up to buy, send and keep gift vouchers.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="signup-name">Full Name</Label>
          <Input
            id="signup-name"
            autoComplete="name"
            placeholder="Enter your name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="signup-email">Email</Label>
          <Input
            id="signup-email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
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
