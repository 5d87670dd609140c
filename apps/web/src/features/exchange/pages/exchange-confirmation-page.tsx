import { ComingSoon } from '@/components/coming-soon';

export function ExchangeConfirmationPage() {
  return <ComingSoon title="Exchange Confirmation" />;
}
