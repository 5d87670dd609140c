import { ComingSoon } from '@/components/coming-soon';

export function ConfirmationPage() {
  return <ComingSoon title="Confirmation" />;
}
