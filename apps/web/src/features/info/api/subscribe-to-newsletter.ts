import { type NewsletterRequest, type OutreachResponse, outreachResponseSchema } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /outreach/newsletter (spec 000 section 7): the same answer for a new or known address. */
export async function subscribeToNewsletter(request: NewsletterRequest): Promise<OutreachResponse> {
  const response = await api.post('/outreach/newsletter', request);
  return outreachResponseSchema.parse(response.data);
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
