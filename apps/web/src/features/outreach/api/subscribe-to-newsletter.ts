import { type NewsletterRequest, type OutreachResponse, outreachEndpoints } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** Spec 000 section 7: the same answer for a new or known address. */
export function subscribeToNewsletter(request: NewsletterRequest): Promise<OutreachResponse> {
  return callEndpoint(outreachEndpoints.subscribeToNewsletter, { body: request });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
