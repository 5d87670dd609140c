import type { CurrentUser } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { LogOut, Settings, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth';
import { CurrentUserGate } from '../components/current-user-gate';
import { formatJoinedDate } from '../lib/format-joined-date';

/** The live chat's launcher (docs/product/support-chat.md#in-the-browser): its code loads after the page's, from the page (decision 054). */
const SupportChat = lazy(() => import('@/features/support-chat').then((chat) => ({ default: chat.SupportChat })));

/** /account: who is signed in, with the way to the wallet and settings, and logging out. Login required. */
export function AccountPage() {
  usePageMeta('My Account', 'Your UGM Gift Marketplace account.');
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">My Account</h1>
      <div className="mt-6">
        <CurrentUserGate>{(user) => <AccountSummary user={user} />}</CurrentUserGate>
      </div>
      <Suspense fallback={null}>
        <SupportChat />
      </Suspense>
    </section>
  );
}

function AccountSummary({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const details = [
    { term: 'Name', value: user.consumer.name || 'Not set' },
    { term: 'Email', value: user.email },
    { term: 'UGM Handle', value: user.username },
    { term: 'Joined', value: formatJoinedDate(user.createdAt) },
  ];
  return (
    <div className="rounded-xl border border-gray-200 p-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        {details.map((detail) => (
          <div key={detail.term}>
            <dt className="text-sm text-gray-500">{detail.term}</dt>
            <dd className="mt-0.5 font-medium break-words text-gray-900">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={paths.wallet} className={buttonClassName('primary')}>
          <Wallet aria-hidden="true" className="h-4 w-4" />
          Wallet
        </Link>
        <Link to={paths.settings} className={buttonClassName('outline')}>
          <Settings aria-hidden="true" className="h-4 w-4" />
          Settings
        </Link>
        <Button variant="ghost" className="sm:ml-auto" onClick={logout}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Log out
        </Button>
      </div>
    </div>
  );
}
