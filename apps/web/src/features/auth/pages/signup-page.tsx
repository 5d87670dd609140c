import { ComingSoon } from '@/components/coming-soon';

export function SignupPage() {
  return <ComingSoon title="Sign up" />;
}
