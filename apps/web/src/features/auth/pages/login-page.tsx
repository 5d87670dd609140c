import { ComingSoon } from '@/components/coming-soon';

export function LoginPage() {
  return <ComingSoon title="Log in" />;
}
