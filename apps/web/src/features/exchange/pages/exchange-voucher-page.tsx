import { ComingSoon } from '@/components/coming-soon';

export function ExchangeVoucherPage() {
  return <ComingSoon title="Exchange Voucher" />;
}
