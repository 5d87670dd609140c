import {
  productCodeParamsSchema,
  productFiltersResponseSchema,
  productIdParamsSchema,
  productSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
} from '@gvm/contract';
import { z } from 'zod';
import type { App } from '../../app-types';
import { notFound } from '../../lib/errors';
import { CountCache } from './count-cache';
import { lettermarkSvg } from './logo';
import { findLogo, getProduct, getProductByCode, productFilters, searchProducts, topSellers } from './service';

const topSellersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(8),
  country: productSearchQuerySchema.shape.country,
});

export async function catalogRoutes(app: App): Promise<void> {
  const counts = new CountCache();
  const search = {
    schema: { querystring: productSearchQuerySchema, response: { 200: productSearchResponseSchema } },
  };
  app.get('/products', search, (request) => searchProducts(app.db, request.query, counts));
  app.get('/products/search', search, (request) => searchProducts(app.db, request.query, counts));

  app.get(
    '/products/top-sellers',
    {
      schema: { querystring: topSellersQuerySchema, response: { 200: z.object({ products: z.array(productSchema) }) } },
    },
    async (request) => ({ products: await topSellers(app.db, request.query.limit, request.query.country) }),
  );

  app.get('/products/filters', { schema: { response: { 200: productFiltersResponseSchema } } }, () =>
    productFilters(app.db),
  );

  app.get(
    '/products/code/:code',
    { schema: { params: productCodeParamsSchema, response: { 200: productSchema } } },
    (request) => getProductByCode(app.db, request.params.code),
  );

  app.get('/products/:id', { schema: { params: productIdParamsSchema, response: { 200: productSchema } } }, (request) =>
    getProduct(app.db, request.params.id),
  );

  app.get('/logos/:file', { schema: { params: z.object({ file: z.string().max(80) }) } }, async (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '');
    const logo = await findLogo(app.db, code);
    if (!logo) throw notFound('Logo not found');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(lettermarkSvg(logo.name, logo.color));
  });
}
