import { ComingSoon } from '@/components/coming-soon';

export function RedeemPage() {
  return <ComingSoon title="Redeem Voucher" />;
}
