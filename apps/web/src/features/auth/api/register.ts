import { authEndpoints, generateUsername, type RegisterRequest, type RegisterResponse } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/** POST /users/register: creates the account and e-mails its verification link (docs/product/accounts.md#sign-up). */
export function register(body: RegisterRequest): Promise<RegisterResponse> {
  return callEndpoint(authEndpoints.register, { body }, { skipAuthRefresh: true });
}

/**
 * Registers a consumer (docs/product/accounts.md#sign-up: role consumer, a username made from the name).
 * Usernames are unique, so a 409 is tried once more with a fresh suffix; a second 409 is the
 * caller's to show. An address that already has an account answers like a new one (the e-mail
 * tells its owner to sign in; decision 020), so the form never learns which addresses exist.
 */
export async function registerConsumer({ name, email }: { name: string; email: string }): Promise<RegisterResponse> {
  const attempt = () =>
    register({
      email,
      consumer: { name },
      role: 'consumer',
      username: generateUsername(name, Date.now()),
      selectedPersonas: [],
    });
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return attempt();
  }
}

export function useRegisterConsumer() {
  return useMutation({ mutationFn: registerConsumer });
}
