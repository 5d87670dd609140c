import { type OutreachResponse, outreachEndpoints, type PartnershipRequest } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/information-pages.md#outreach-forms: a business applying to become a partner. */
export function applyForPartnership(request: PartnershipRequest): Promise<OutreachResponse> {
  return callEndpoint(outreachEndpoints.applyForPartnership, { body: request });
}

export function useApplyForPartnership() {
  return useMutation({ mutationFn: applyForPartnership });
}
