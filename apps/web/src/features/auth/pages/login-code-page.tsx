import { ComingSoon } from '@/components/coming-soon';

export function LoginCodePage() {
  return <ComingSoon title="Enter your code" />;
}
