import type { FieldError } from '@gvm/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AppError } from './errors';

interface ValidationFailure {
  validation?: FastifySchemaValidationError[];
  validationContext?: string;
}

/** Fastify's schema-validation failure as the `errors` of the `{ error, errors }` shape. */
export function fieldErrorsOf(failure: ValidationFailure): FieldError[] {
  return (failure.validation ?? []).map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(failure.validationContext ?? ''),
    message: issue.message ?? 'Invalid value',
  }));
}

/**
 * For routes declared with `attachValidation: true`, whose 400 names what the client shows (the
 * server's `error` text is shown as it is, docs/product/README.md#web-client): throws a VALIDATION error whose
 * message `summarise` picks from the field errors. The first field's own message by default.
 */
export function rejectInvalidRequest(
  request: FastifyRequest,
  summarise: (errors: FieldError[]) => string = (errors) => errors[0]?.message ?? 'Invalid request',
): void {
  const failure = request.validationError;
  if (!failure) return;
  const errors = fieldErrorsOf(failure);
  throw new AppError('VALIDATION', summarise(errors), errors);
}

/** preHandler form of `rejectInvalidRequest` with the first field's message. */
export async function rejectInvalidRequestHook(request: FastifyRequest): Promise<void> {
  rejectInvalidRequest(request);
}
