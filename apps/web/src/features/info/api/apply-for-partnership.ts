import { type OutreachResponse, outreachResponseSchema, type PartnershipRequest } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /outreach/partnership (spec 001 section 7): a business applying to become a partner. */
export async function applyForPartnership(request: PartnershipRequest): Promise<OutreachResponse> {
  const response = await api.post('/outreach/partnership', request);
  return outreachResponseSchema.parse(response.data);
}

export function useApplyForPartnership() {
  return useMutation({ mutationFn: applyForPartnership });
}
