import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The OpenAPI document of this API, generated from the endpoint descriptions of this package
 * (decision 015). Only its outline is checked here: the document itself is the reference.
 */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const apiReferenceEndpoints = {
  openApiDocument: defineEndpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'This reference as an OpenAPI 3.1 document (readable at /api/docs)',
    responses: { 200: openApiDocumentSchema },
  }),
};
