import { z } from 'zod';
import { apiUrl } from './api-path';
import { DEFAULT_SORT, MAX_PAGE_SIZE, PAGE_SIZE, sortOptions } from './catalog-options';
import { categoryValues } from './categories';
import { defineEndpoint, errorResponses } from './endpoint';
import { text } from './text';

export { DEFAULT_SORT, MAX_PAGE_SIZE, PAGE_SIZE, type SortOption, sortOptions } from './catalog-options';

const countryCode = text()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
  .transform((value) => value.toUpperCase());

/** Query of GET /products and GET /products/search (docs/product/browsing.md#routes-and-rules, decision 005). */
export const productSearchQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
  category: z.enum(categoryValues).optional(),
  merchant: text().trim().max(100).optional(),
  q: text().trim().max(100).optional(),
  sortBy: z.enum(sortOptions).default(DEFAULT_SORT),
  country: countryCode.optional(),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;
export type ProductSearchParams = z.input<typeof productSearchQuerySchema>;

/** A product on the wire: money in major units, ids as `_id`. */
export const productSchema = z.object({
  _id: z.string(),
  merchant: z.object({ name: z.string(), redemptionUrl: z.string().nullable() }),
  imageUrl: z.string(),
  description: z.string(),
  termsAndConditions: z.string(),
  country: z.array(z.string()),
  currency: z.string(),
  productCode: z.string(),
  minPrice: z.number(),
  maxPrice: z.number(),
  denominations: z.array(z.number()),
  /** Present and true when only the denominations can be bought (the supplier's fixed values). */
  fixedValues: z.boolean().optional(),
  category: z.enum(categoryValues),
});
export type Product = z.infer<typeof productSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const productSearchResponseSchema = z.object({
  products: z.array(productSchema),
  pagination: paginationSchema,
});
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

/**
 * Query of GET /products/filters: the lists offered under the shopper's current country and
 * category (decision 032), validated as the search validates them. Both optional: without them
 * the lists cover the whole catalogue, as the web client's call (no parameters) expects.
 */
export const productFiltersQuerySchema = z.object({
  country: countryCode.optional(),
  category: z.enum(categoryValues).optional(),
});
export type ProductFiltersQuery = z.infer<typeof productFiltersQuerySchema>;
export type ProductFiltersParams = z.input<typeof productFiltersQuerySchema>;

export const productFiltersResponseSchema = z.object({
  categories: z.array(z.string()),
  merchants: z.array(z.string()),
});
export type ProductFiltersResponse = z.infer<typeof productFiltersResponseSchema>;

export const productIdParamsSchema = z.object({ id: text().trim().min(1).max(64) });
export const productCodeParamsSchema = z.object({ code: text().trim().min(1).max(64) });

/** Query of GET /products/top-sellers (docs/product/browsing.md#home: the client asks for 8 in GB). */
export const topSellersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(8),
  country: countryCode.optional(),
});
export type TopSellersQuery = z.infer<typeof topSellersQuerySchema>;
export type TopSellersParams = z.input<typeof topSellersQuerySchema>;

export const topSellersResponseSchema = z.object({ products: z.array(productSchema) });
export type TopSellersResponse = z.infer<typeof topSellersResponseSchema>;

/** Query of GET /products/shelves: the home page's rows for one country (decision 032). */
export const productShelvesQuerySchema = z.object({ country: countryCode.optional() });
export type ProductShelvesQuery = z.infer<typeof productShelvesQuerySchema>;
export type ProductShelvesParams = z.input<typeof productShelvesQuerySchema>;

/** One row of the home page: an occasion ('Birthday') or a price band ('Under £25'), with its products. */
export const productShelfSchema = z.object({ slug: z.string(), title: z.string(), products: z.array(productSchema) });
export type ProductShelf = z.infer<typeof productShelfSchema>;

export const productShelvesResponseSchema = z.object({
  occasions: z.array(productShelfSchema),
  priceBands: z.array(productShelfSchema),
});
export type ProductShelvesResponse = z.infer<typeof productShelvesResponseSchema>;

/** `<product code>.svg`, as `imageUrl` names it, or `<product code>.png` (the same card for e-mails). */
export const logoParamsSchema = z.object({ file: text().max(80) });

/** The largest value a card is drawn with: above every product's maximum. */
export const MAX_CARD_ART_VALUE = 100_000;

/** Query of GET /logos/:file: the value printed on the card, when one is chosen (decision 028). */
export const logoQuerySchema = z.object({
  value: z.coerce
    .number()
    .positive()
    .max(MAX_CARD_ART_VALUE)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Value has at most two decimals')
    .optional(),
  /** The value's currency; the product's own when absent. */
  currency: text()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Currency must be a three-letter code')
    .transform((value) => value.toUpperCase())
    .optional(),
});
export type LogoQuery = z.infer<typeof logoQuerySchema>;

/** The gift-card art is an SVG (or PNG) document, not JSON: its body is the image itself. */
export const logoSvgSchema = z.string().meta({
  description: "The merchant's gift-card art as an SVG document (image/svg+xml), or a PNG for `.png` (image/png)",
  contentMediaType: 'image/svg+xml',
});

/**
 * Every catalogue answer carries an ETag; a request whose If-None-Match holds it is answered
 * 304 with no body (decision 022).
 */
const notModified = z.null().meta({ description: 'Not modified: If-None-Match holds the current ETag (no body)' });

/** The public catalogue (docs/product/browsing.md#routes-and-rules); none of it needs a signed-in caller. */
export const catalogEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/products',
    summary: 'One page of products, filtered and sorted',
    query: productSearchQuerySchema,
    responses: { 200: productSearchResponseSchema, 304: notModified, ...errorResponses(400) },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/products/search',
    summary: 'Search products by merchant name, category and country, one page at a time',
    query: productSearchQuerySchema,
    responses: { 200: productSearchResponseSchema, 304: notModified, ...errorResponses(400) },
  }),
  topSellers: defineEndpoint({
    method: 'GET',
    path: '/products/top-sellers',
    summary: 'The best-selling products, optionally in one country',
    query: topSellersQuerySchema,
    responses: { 200: topSellersResponseSchema, 304: notModified, ...errorResponses(400) },
  }),
  shelves: defineEndpoint({
    method: 'GET',
    path: '/products/shelves',
    summary: "The home page's rows: curated occasions (Birthday, Thank you, …) and price bands (Under £25, …)",
    query: productShelvesQuerySchema,
    responses: { 200: productShelvesResponseSchema, 304: notModified, ...errorResponses(400) },
  }),
  filters: defineEndpoint({
    method: 'GET',
    path: '/products/filters',
    summary:
      'The categories and merchant names the browse filters offer: categories with products in the country, merchants with products in the country and category',
    query: productFiltersQuerySchema,
    responses: { 200: productFiltersResponseSchema, 304: notModified, ...errorResponses(400) },
  }),
  getByCode: defineEndpoint({
    method: 'GET',
    path: '/products/code/:code',
    summary: 'One product by its product code',
    params: productCodeParamsSchema,
    responses: { 200: productSchema, 304: notModified, ...errorResponses(400, 404) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/products/:id',
    summary: 'One product by id',
    params: productIdParamsSchema,
    responses: { 200: productSchema, 304: notModified, ...errorResponses(400, 404) },
  }),
  logo: defineEndpoint({
    method: 'GET',
    path: '/logos/:file',
    summary: "A merchant's gift-card art (SVG, or PNG for e-mail), as a product's imageUrl names it",
    params: logoParamsSchema,
    query: logoQuerySchema,
    responses: {
      200: logoSvgSchema,
      302: z.null().meta({ description: "The merchant's own art (Location), when it has given us one" }),
      304: notModified,
      ...errorResponses(400, 404),
    },
  }),
};

/**
 * The catalogue reads the server makes of itself to send a page's first HTML with its data
 * (plugins/web-app.ts): the same URLs the web asks for, query included.
 */
export const catalogueUrls = {
  search: (query: Readonly<Record<string, string>>) => apiUrl(catalogEndpoints.search.path, { query }),
  filters: (query: Readonly<Record<string, string>>) => apiUrl(catalogEndpoints.filters.path, { query }),
  topSellers: (query: Readonly<Record<string, string>>) => apiUrl(catalogEndpoints.topSellers.path, { query }),
  product: (id: string) => apiUrl(catalogEndpoints.get.path, { params: { id } }),
};
