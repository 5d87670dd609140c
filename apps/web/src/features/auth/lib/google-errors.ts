import { ApiError, serverMessage } from '@/lib/api-client';

/**
 * docs/product/accounts.md#sign-in-with-google, other non-OK: 'Login Failed' with the server's message, else
 * the fallback; a call that never reached the server is the network-failure row.
 */
export function googleLoginFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.networkError) return 'Could not authenticate with Google.';
    return serverMessage(error) ?? 'Could not authenticate with Google. Please try again.';
  }
  return error instanceof Error ? error.message : 'Could not authenticate with Google. Please try again.';
}

/**
 * docs/product/accounts.md#sign-in-with-google: the server's error, else 'HTTP error: {status}'; a call that
 * never reached the server is 'Failed to register with Google. Please try again.'; an answer
 * without tokens carries its own message.
 */
export function googleSignUpFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.networkError) return 'Failed to register with Google. Please try again.';
    return serverMessage(error) ?? `HTTP error: ${error.status}`;
  }
  return error instanceof Error ? error.message : 'Failed to register with Google. Please try again.';
}
