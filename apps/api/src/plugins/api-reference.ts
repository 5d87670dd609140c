import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, apiReferenceEndpoints } from '@gvm/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { fromContract } from '../lib/endpoint-route';

/** Every route of the API lives under this prefix; nothing else is documented. */
export const apiPrefix = API_BASE_PATH;
/** The readable reference page (Swagger UI, served from this server: the CSP allows only 'self'). */
export const apiDocsPath = '/api/docs';

/**
 * The API reference (decision 015): the OpenAPI 3.1 document generated from the contract's
 * endpoint descriptions, at /api/v1/openapi.json, and a page that reads it at /api/docs.
 * Registered on the root instance before the API modules, so its onRoute hook sees every route;
 * routes outside /api/v1 (the web app, robots.txt and the sitemap, the dev mailbox, the payment
 * pages, the reference page itself) are left out of the document.
 */
export async function registerApiReference(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gift voucher marketplace API',
        version: '1',
        description:
          'Every endpoint the web app calls. Errors answer `{ error, errors? }` (docs/product/README.md#api-conventions); ' +
          'signed-in routes take `Authorization: Bearer <access token>`.',
      },
    },
    transform: (input) => {
      if (!input.url.startsWith(`${apiPrefix}/`)) return { schema: { hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      // Grouped by the path's first segment (products, carts, users…), as the contract's files are.
      const group = input.url.slice(apiPrefix.length + 1).split('/')[0] ?? '';
      return { ...transformed, schema: { tags: [group], ...transformed.schema } };
    },
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // No external validator badge: the page loads nothing from another host.
    validatorUrl: false,
  });

  await app.register(
    async (api) => {
      api.route({
        ...fromContract(apiReferenceEndpoints.openApiDocument),
        handler: () => app.swagger(),
      });
    },
    { prefix: apiPrefix },
  );
}
