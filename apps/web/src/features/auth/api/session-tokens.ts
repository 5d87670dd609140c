import { type SessionTokens, sessionTokensSchema } from '@gvm/contract';

/**
 * The tokens of a sign-in answer (spec 000 section 5): an answer lacking either token is an
 * error with the spec's message, whatever else it carries.
 */
export function readSessionTokens(data: unknown): SessionTokens {
  const parsed = sessionTokensSchema.safeParse(data);
  if (!parsed.success || !parsed.data.token || !parsed.data.refreshToken) {
    throw new Error('Invalid token response from server');
  }
  return parsed.data;
}
