import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** For load balancers and uptime checks: 200 while the database answers, 503 when it does not. */
export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/health',
    summary: 'Whether the API and its database answer',
    responses: { 200: healthResponseSchema, ...errorResponses(503) },
  }),
};
