import { ComingSoon } from '@/components/coming-soon';

export function PartnersPage() {
  return <ComingSoon title="Business Partnership" />;
}
