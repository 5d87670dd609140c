import { ComingSoon } from '@/components/coming-soon';

export function ProductPage() {
  return <ComingSoon title="Product" />;
}
