import { Spinner } from '@gvm/ui/spinner';
import { type ReactNode, useContext, useEffect } from 'react';
import { UNSAFE_DataRouterStateContext, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';

/**
 * A page that needs login (docs/product/README.md#access): shown to a signed-in user; a guest's wanted
 * path (with its query) is remembered as returnTo and they go to /login, coming back here after
 * signing in. While the session is still being checked it shows a loading state, never the page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();
  const navigate = useNavigate();
  // Under a data router (the tests' memory router), whether it is navigating; under the app's
  // browser router, undefined: its navigations render as transitions, so a navigation has started
  // when the address bar has moved on from the path still shown.
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  const navigating = dataRouterState ? dataRouterState.navigation.state !== 'idle' : undefined;

  useEffect(() => {
    const here = location.pathname + location.search;
    // A guest already on the way elsewhere (logging out goes to /login) is not sent back here later.
    const leaving = navigating ?? window.location.pathname + window.location.search !== here;
    if (status !== 'guest' || leaving) return;
    rememberReturnTo(here);
    navigate(paths.login, { replace: true });
  }, [status, navigating, location.pathname, location.search, navigate]);

  if (status === 'authenticated') return children;
  if (status === 'checking') {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="h-8 w-8 text-brand-600" label="Checking your session" />
      </div>
    );
  }
  return null;
}
