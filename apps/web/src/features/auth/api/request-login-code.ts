import { type GenerateCodeRequest, type GenerateCodeResponse, generateCodeResponseSchema } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/generate-code: e-mails a 6-digit sign-in code (spec 000 section 7). */
export async function requestLoginCode(body: GenerateCodeRequest): Promise<GenerateCodeResponse> {
  const response = await api.post('/users/generate-code', body, { skipAuthRefresh: true });
  return generateCodeResponseSchema.parse(response.data);
}

export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}
