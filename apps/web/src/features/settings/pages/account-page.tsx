import { ComingSoon } from '@/components/coming-soon';

export function AccountPage() {
  return <ComingSoon title="Account" />;
}
