import { ComingSoon } from '@/components/coming-soon';

export function CartPage() {
  return <ComingSoon title="My Cart" />;
}
