import { ComingSoon } from '@/components/coming-soon';

export function ExchangeGuidePage() {
  return <ComingSoon title="How to Exchange Voucher" />;
}
