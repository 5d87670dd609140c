import { ComingSoon } from '@/components/coming-soon';

export function VerifyEmailPage() {
  return <ComingSoon title="Email verification" />;
}
