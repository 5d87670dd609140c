import { authEndpoints, type GenerateCodeRequest, type GenerateCodeResponse } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /users/generate-code: e-mails a 6-digit sign-in code (docs/product/accounts.md#sign-in-by-code). */
export function requestLoginCode(body: GenerateCodeRequest): Promise<GenerateCodeResponse> {
  return callEndpoint(authEndpoints.generateCode, { body }, { skipAuthRefresh: true });
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
