import type { NewsletterRequest, OutreachResponse } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** The endpoint, fetched with its schemas on first use: the form is in every page's footer (decision 023). */
const newsletterEndpoint = () =>
  import('@gvm/contract/outreach').then((module) => module.outreachEndpoints.subscribeToNewsletter);

/** docs/product/information-pages.md#newsletter: the same answer for a new or known address. */
export function subscribeToNewsletter(request: NewsletterRequest): Promise<OutreachResponse> {
  return callEndpoint(newsletterEndpoint, { body: request });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
