import { afterEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, fakeAccessToken } from '@/test/fake-api';

/** The store's status on load, read from a fresh copy of the module over the given storage. */
async function statusOnLoad(tokens: { token?: string; refreshToken?: string }): Promise<string> {
  localStorage.clear();
  if (tokens.token) localStorage.setItem('token', tokens.token);
  if (tokens.refreshToken) localStorage.setItem('refreshToken', tokens.refreshToken);
  vi.resetModules();
  const { useSessionStore } = await import('./session-store');
  return useSessionStore.getState().status;
}

afterEach(() => localStorage.clear());

describe('the session on load (docs/product/accounts.md#sessions, decision 037)', () => {
  it('is signed in at once with both tokens and an unexpired access token, as the first check would conclude', async () => {
    await expect(statusOnLoad({ token: fakeAccessToken({ exp: epochSeconds(60) }), refreshToken: 'r' })).resolves.toBe(
      'authenticated',
    );
  });

  it('is still being checked when the access token has expired or does not decode (a refresh decides)', async () => {
    await expect(statusOnLoad({ token: fakeAccessToken({ exp: epochSeconds(-60) }), refreshToken: 'r' })).resolves.toBe(
      'checking',
    );
    await expect(statusOnLoad({ token: 'not-a-jwt', refreshToken: 'r' })).resolves.toBe('checking');
  });

  it('is a guest without both tokens', async () => {
    await expect(statusOnLoad({})).resolves.toBe('guest');
    await expect(statusOnLoad({ token: fakeAccessToken({ exp: epochSeconds(60) }) })).resolves.toBe('guest');
  });
});
