import { ComingSoon } from '@/components/coming-soon';

export function SentGiftPage() {
  return <ComingSoon title="Sent Gift" />;
}
