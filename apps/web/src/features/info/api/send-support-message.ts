import { type OutreachResponse, outreachResponseSchema, type SupportRequest } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /outreach/support (spec 001 section 7): the contact page's message. */
export async function sendSupportMessage(request: SupportRequest): Promise<OutreachResponse> {
  const response = await api.post('/outreach/support', request);
  return outreachResponseSchema.parse(response.data);
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
