import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useNavigate } from 'react-router';
import { SessionManager } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { DismissErrorToastsOnRouteChange, LazyToaster } from './lazy-toaster';
import { AppRoutes } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionWithRouter />
        <DismissErrorToastsOnRouteChange />
        <AppRoutes />
        <LazyToaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

/** The session manager, sending a user whose session ended to /login through the router. */
function SessionWithRouter() {
  const navigate = useNavigate();
  return <SessionManager navigate={navigate} />;
}
