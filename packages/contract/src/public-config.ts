import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** GET /config: public settings the single-page app reads at start. */
export const publicConfigSchema = z.object({ googleClientId: z.string().nullable() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/config',
    summary: 'Public settings the web app reads at start (the Google client id)',
    responses: { 200: publicConfigSchema },
  }),
};
