import { menuPages } from '@console/app/console-pages';
import { ChatLiveProvider, ChatMenuLabel } from '@console/features/chat';
import { ApiError, failureMessage } from '@console/lib/api';
import { consolePaths } from '@console/lib/console-paths';
import { operatorQueryOptions, useOperatorSignOut } from '@console/lib/operator';
import { hasOpsSession } from '@console/lib/ops-client';
import { type Operator, OperatorContext, toOperator } from '@console/lib/use-operator';
import { chatOperatorCopy } from '@gvm/contract/support-chat-text';
import { Button } from '@gvm/ui/button';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';

/**
 * The console's own layout (docs/product/operators.md#the-console): no shopper header or cart;
 * the menu shows only the items the signed-in role may use (GET /ops/me), then the operator's
 * e-mail and role and 'Sign out'. Without an operator session it sends to /ops/login.
 */
export function ConsoleLayout() {
  const location = useLocation();
  const signedIn = hasOpsSession();
  const me = useQuery(operatorQueryOptions());
  if (!signedIn) {
    const returnTo = location.pathname + location.search;
    return <Navigate to={`${consolePaths.login}?${new URLSearchParams({ returnTo })}`} replace />;
  }
  if (me.isError) {
    // A 401 has already sent the operator to /ops/login (ops-client).
    if (me.error instanceof ApiError && me.error.status === 401) return null;
    return (
      <main id="main">
        <QueryError
          message={failureMessage(me.error, 'The console could not be loaded.')}
          onRetry={() => me.refetch()}
        />
      </main>
    );
  }
  if (!me.data) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading the console" className="h-8 w-8" />
      </main>
    );
  }
  const operator = toOperator(me.data);
  const page = (
    <div className="flex min-h-screen flex-col md:flex-row">
      <ConsoleMenu operator={operator} />
      <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <Suspense fallback={<Spinner label="Loading" className="h-6 w-6" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
  return (
    <OperatorContext.Provider value={operator}>
      {/* One chat socket for the whole console: the menu's unread count and the Chat page share it. */}
      {operator.can('chat') ? <ChatLiveProvider>{page}</ChatLiveProvider> : page}
    </OperatorContext.Provider>
  );
}

/**
 * The menu: a side column from 768 px; below, a bar of one line with 'Menu', which opens the items,
 * the operator and 'Sign out' (closed again by moving to a page), so a phone's page starts at once.
 */
function ConsoleMenu({ operator }: { operator: Operator }) {
  const signOut = useOperatorSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openAt, setOpenAt] = useState(pathname);
  if (openAt !== pathname) {
    setOpenAt(pathname);
    setOpen(false);
  }
  const items = menuPages.filter((page) => operator.can(page.capability));
  return (
    <header className="border-gray-200 border-b bg-gray-50 md:w-60 md:shrink-0 md:border-r md:border-b-0">
      <div className="flex items-center justify-between gap-3 px-4 py-2 md:py-4">
        <p className="font-semibold text-gray-900">UGM Operator console</p>
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="console-menu"
          onClick={() => setOpen((shown) => !shown)}
        >
          {operator.can('chat') ? (
            <ChatMenuLabel label="Menu" unreadName={chatOperatorCopy.menuButtonUnread} />
          ) : (
            'Menu'
          )}
        </Button>
      </div>
      <div id="console-menu" className={open ? 'block' : 'hidden md:block'}>
        <div className="px-4 pb-4">
          <p className="break-all text-sm text-gray-700">{operator.email}</p>
          <p className="text-sm text-gray-600">
            Role: <span className="font-medium text-gray-800">{operator.role}</span>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(consolePaths.login) })}
          >
            Sign out
          </Button>
        </div>
        <nav aria-label="Console" className="px-2 pb-4">
          <ul className="flex flex-col gap-1">
            {items.map((page) => (
              <li key={page.path}>
                <MenuLink to={`${consolePaths.home}/${page.path}`} current={isCurrent(pathname, page.path)}>
                  {page.path === 'chat' ? <ChatMenuLabel label={page.label} /> : page.label}
                </MenuLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function isCurrent(pathname: string, pagePath: string): boolean {
  const base = `${consolePaths.home}/${pagePath}`;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** A menu item, marked as the current page (aria-current) when the address is at or below it. */
function MenuLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={`block rounded-md px-3 py-2 text-sm ${current ? 'bg-brand-600 text-white' : 'text-gray-800 hover:bg-gray-200'}`}
    >
      {children}
    </Link>
  );
}
