import { z } from 'zod';

/** docs/product/README.md#api-conventions: every error answer has this shape. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  error: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
