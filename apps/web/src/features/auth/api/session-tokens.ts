import type { SessionTokens } from '@gvm/contract';

/**
 * The tokens of a sign-in call (docs/product/accounts.md#sessions): an answer lacking either token, or not of
 * the contract's shape, is an error with `message` (the spec's text), whatever else it carries.
 */
export async function readSessionTokens(
  call: Promise<SessionTokens>,
  message = 'Invalid token response from server',
): Promise<SessionTokens> {
  let tokens: SessionTokens;
  try {
    tokens = await call;
  } catch (error) {
    // The contract's schema refused the answer: it is not a session, whatever it holds.
    throw error instanceof Error && error.name === 'ZodError' ? new Error(message) : error;
  }
  if (!tokens.token || !tokens.refreshToken) throw new Error(message);
  return { token: tokens.token, refreshToken: tokens.refreshToken };
}
