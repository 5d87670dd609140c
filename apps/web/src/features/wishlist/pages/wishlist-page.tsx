import { ComingSoon } from '@/components/coming-soon';

export function WishlistPage() {
  return <ComingSoon title="Wishlists" />;
}
