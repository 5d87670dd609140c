import { catalogEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { notFound } from '../../lib/errors';
import { CountCache } from './count-cache';
import { lettermarkSvg } from './logo';
import { findLogo, getProduct, getProductByCode, productFilters, searchProducts, topSellers } from './service';

/** The public catalogue (spec 000 sections 2, 7 and 9). */
export async function catalogRoutes(app: App): Promise<void> {
  const counts = new CountCache();

  app.route({
    ...fromContract(catalogEndpoints.list),
    handler: (request) => searchProducts(app.db, request.query, counts),
  });

  app.route({
    ...fromContract(catalogEndpoints.search),
    handler: (request) => searchProducts(app.db, request.query, counts),
  });

  app.route({
    ...fromContract(catalogEndpoints.topSellers),
    handler: async (request) => ({
      products: await topSellers(app.db, request.query.limit, request.query.country),
    }),
  });

  app.route({
    ...fromContract(catalogEndpoints.filters),
    handler: () => productFilters(app.db),
  });

  app.route({
    ...fromContract(catalogEndpoints.getByCode),
    handler: (request) => getProductByCode(app.db, request.params.code),
  });

  app.route({
    ...fromContract(catalogEndpoints.get),
    handler: (request) => getProduct(app.db, request.params.id),
  });

  app.route({
    ...fromContract(catalogEndpoints.logo),
    handler: async (request, reply) => {
      const code = request.params.file.replace(/\.svg$/, '');
      const logo = await findLogo(app.db, code);
      if (!logo) throw notFound('Logo not found');
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(lettermarkSvg(logo.name, logo.color));
    },
  });
}
