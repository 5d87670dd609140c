import { type OutreachResponse, outreachEndpoints, type SupportRequest } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/information-pages.md#outreach-forms: the contact page's message. */
export function sendSupportMessage(request: SupportRequest): Promise<OutreachResponse> {
  return callEndpoint(outreachEndpoints.sendSupportMessage, { body: request });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
