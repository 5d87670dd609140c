import type { CurrentUser } from '@gvm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { useSessionStore } from '@/lib/auth/session-store';

export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: 'user-ada',
    username: 'ada1234567',
    email: 'ada@example.com',
    createdAt: '2026-11-01T09:30:00.000Z',
    consumer: { name: 'Ada Lovelace', phoneNumber: null },
    role: 'consumer',
    ...overrides,
  };
}

/** The browser as the session manager leaves it once `user` has signed in and been loaded. */
export function signInAs(queryClient: QueryClient, user: CurrentUser): void {
  useSessionStore.setState({ status: 'authenticated' });
  queryClient.setQueryData(currentUserQueryKey, user);
}

export function signOut(): void {
  useSessionStore.setState({ status: 'guest' });
}
