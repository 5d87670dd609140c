import { TooltipProvider } from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router';
import { SessionManager } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { createRouter } from './router';
import { AppToaster } from './toaster';

export function App() {
  const [router] = useState(createRouter);
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Spec 000 section 9: tooltips open after 700 ms; moving between them within 300 ms skips the wait. */}
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        <SessionManager navigate={navigate} />
        <RouterProvider router={router} />
      </TooltipProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
