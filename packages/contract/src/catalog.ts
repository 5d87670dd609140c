import { z } from 'zod';
import { categoryValues } from './categories';

export const sortOptions = [
  'merchant-az',
  'merchant-za',
  'price-asc',
  'price-desc',
  'category-az',
  'category-za',
] as const;
export type SortOption = (typeof sortOptions)[number];
export const DEFAULT_SORT: SortOption = 'merchant-az';

export const PAGE_SIZE = 16;
export const MAX_PAGE_SIZE = 100;

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
  .transform((value) => value.toUpperCase());

/** Query of GET /products and GET /products/search (spec 000 section 7, issue 2 item 4). */
export const productSearchQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
  category: z.enum(categoryValues).optional(),
  merchant: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100).optional(),
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

export const productFiltersResponseSchema = z.object({
  categories: z.array(z.string()),
  merchants: z.array(z.string()),
});
export type ProductFiltersResponse = z.infer<typeof productFiltersResponseSchema>;

export const productIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const productCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
