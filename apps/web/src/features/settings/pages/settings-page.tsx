import { usePageMeta } from '@gvm/web-lib/page-meta';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense } from 'react';
import { AccountSettingsTab } from '../components/account-settings-tab';
import { CurrentUserGate } from '../components/current-user-gate';
import { NotificationSettingsTab } from '../components/notification-settings-tab';
import { PreferencesTab } from '../components/preferences-tab';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

const tabs = [
  { value: 'account', label: 'Account' },
  { value: 'notification', label: 'Notification' },
  { value: 'preferences', label: 'Preferences' },
] as const;

const triggerClass =
  'rounded-md px-4 py-2 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white ' +
  'data-[state=active]:text-gray-900 data-[state=active]:shadow-sm';

/** /settings (docs/product/accounts.md#account-and-settings): tabs Account, Notification and Preferences. Login required. */
export function SettingsPage() {
  usePageMeta('Settings', 'Manage your UGM Gift Marketplace account details, notifications and preferences.');
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <Tabs.Root defaultValue="account" className="mt-6">
        <Tabs.List aria-label="Settings" className="inline-flex gap-1 rounded-lg bg-gray-100 p-1">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-6 rounded-xl border border-gray-200 p-6">
          <Tabs.Content value="account">
            <CurrentUserGate>{(user) => <AccountSettingsTab key={user._id} user={user} />}</CurrentUserGate>
          </Tabs.Content>
          <Tabs.Content value="notification">
            <NotificationSettingsTab />
          </Tabs.Content>
          <Tabs.Content value="preferences">
            <PreferencesTab />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}
