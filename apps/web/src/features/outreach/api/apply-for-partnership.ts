import { type OutreachResponse, outreachEndpoints, type PartnershipRequest } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** Spec 001 section 7: a business applying to become a partner. */
export function applyForPartnership(request: PartnershipRequest): Promise<OutreachResponse> {
  return callEndpoint(outreachEndpoints.applyForPartnership, { body: request });
}

export function useApplyForPartnership() {
  return useMutation({ mutationFn: applyForPartnership });
}
