import type { CurrentUser } from '@gvm/contract';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import type { ReactNode } from 'react';
import { toApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';

/** Renders its children with the signed-in user once loaded; a spinner before, the error if it fails. */
export function CurrentUserGate({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8 text-brand-600" label="Loading your account" />
      </div>
    );
  }
  if (user.isError) return <QueryError message={toApiError(user.error).message} onRetry={() => user.refetch()} />;
  return children(user.data);
}
