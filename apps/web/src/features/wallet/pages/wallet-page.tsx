import { usePageMeta } from '@gvm/web-lib/page-meta';
import * as Tabs from '@radix-ui/react-tabs';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { prefetchSignedIn, useCurrentUser, userIdOf } from '@/lib/auth/current-user';
import { prefetchForFirstRender } from '@/lib/first-render-data';
import { walletQueryOptions } from '../api/get-wallet';
import { BalancesTab } from '../components/balances-tab';
import { VouchersLoading, WalletSpinner } from '../components/wallet-loading';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

/**
 * The two tabs behind Balances, with their cards and dialogs (Radix's alert dialog, focus and
 * scroll locks: about 15 kB), load when the pointer or the keyboard reaches the tab list, not
 * before the balance is drawn (decision 037).
 */
const loadMyVouchers = () => import('../components/my-vouchers-tab');
const loadManageVouchers = () => import('../components/manage-vouchers-tab');
const MyVouchersTab = lazy(() => loadMyVouchers().then((module) => ({ default: module.MyVouchersTab })));
const ManageVouchersTab = lazy(() => loadManageVouchers().then((module) => ({ default: module.ManageVouchersTab })));

function loadOtherTabs() {
  void loadMyVouchers();
  void loadManageVouchers();
}

const tabs = [
  { value: 'balances', label: 'Balances' },
  { value: 'vouchers', label: 'My Vouchers' },
  { value: 'manage', label: 'Manage Vouchers' },
] as const;

const triggerClass =
  'shrink-0 rounded-md px-3 py-3 text-sm font-medium whitespace-nowrap text-gray-600 transition-colors sm:px-4 sm:py-2 ' +
  'hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white ' +
  'data-[state=active]:text-gray-900 data-[state=active]:shadow-sm';

/** What the wallet's first render draws: the user and the balances (decision 076). */
export function pageData(queryClient: QueryClient): Promise<unknown> {
  return prefetchSignedIn(queryClient, (userId) => [prefetchForFirstRender(queryClient, walletQueryOptions(userId))]);
}

/** /wallet (docs/product/wallet-and-credit.md#wallet-page): title WALLET, tabs Balances, My Vouchers, Manage Vouchers. Login required. */
export function WalletPage() {
  usePageMeta('Wallet', 'Your UGM Credit balance, your vouchers and the gifts you have sent and received.');
  const user = useCurrentUser();
  // While /users/me loads, the access token's id: the wallet's requests start beside it.
  const userId = userIdOf(user);

  let content: React.ReactNode;
  if (!userId && user.isPending && user.fetchStatus !== 'idle') {
    content = <WalletSpinner />;
  } else if (!userId) {
    content = <p className="py-10 text-center text-gray-700">Please log in to view your wallet</p>;
  } else {
    content = (
      <Tabs.Root defaultValue="balances" className="mt-6">
        <Tabs.List
          onPointerEnter={loadOtherTabs}
          onPointerDown={loadOtherTabs}
          onFocus={loadOtherTabs}
          aria-label="Wallet"
          className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 sm:inline-flex"
        >
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="balances" className="mt-6">
          <BalancesTab userId={userId} />
        </Tabs.Content>
        <Tabs.Content value="vouchers" className="mt-6">
          {/* The tab's own loading text, while its code or its vouchers load. */}
          <Suspense fallback={<VouchersLoading />}>
            <MyVouchersTab userId={userId} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="manage" className="mt-6">
          <Suspense fallback={<WalletSpinner />}>
            <ManageVouchersTab />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    // A screen tall at least: the footer, drawn with the page, stays below the fold while the
    // wallet loads and after, however short it is, so it never jumps in view (layout shift, decision 037).
    <section className="mx-auto min-h-screen max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">WALLET</h1>
      {content}
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}
