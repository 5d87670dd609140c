import { usePageMeta } from '@gvm/web-lib/page-meta';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense } from 'react';
import { RedeemByEmail } from '../components/redeem-by-email';
import { RedeemByLink } from '../components/redeem-by-link';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

const triggerClass =
  'flex-1 rounded-md px-4 py-2 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white ' +
  'data-[state=active]:text-gray-900 data-[state=active]:shadow-sm sm:flex-none';

/** /redeem (docs/product/vouchers-and-gifts.md#claiming-a-gift): heading REDEEM VOUCHER, by the gift's link or by its sender's e-mail. */
export function RedeemPage() {
  usePageMeta('Redeem voucher', 'Redeem a gift voucher someone sent you, by its link or by the sender’s e-mail.');
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">REDEEM VOUCHER</h1>
      <Tabs.Root defaultValue="link" className="mt-6">
        <Tabs.List aria-label="Redeem voucher" className="flex gap-1 rounded-lg bg-gray-100 p-1 sm:inline-flex">
          <Tabs.Trigger value="link" className={triggerClass}>
            Redeem via Link
          </Tabs.Trigger>
          <Tabs.Trigger value="email" className={triggerClass}>
            Redeem via Email
          </Tabs.Trigger>
        </Tabs.List>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
          <Tabs.Content value="link">
            <RedeemByLink />
          </Tabs.Content>
          <Tabs.Content value="email">
            <RedeemByEmail />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}
