import type { FieldError } from '@gvm/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * preHandler for routes declared with `attachValidation: true`: a 400 whose `error` is the first
 * field's own message ('Please enter a valid email address', 'Name is required'), because the
 * client shows that text as it is (spec 000 section 8, spec 001 section 8), with every field's
 * message in `errors`.
 */
export async function rejectInvalidRequest(request: FastifyRequest): Promise<void> {
  const failure = request.validationError;
  if (!failure) return;
  const issues: FastifySchemaValidationError[] = failure.validation;
  const errors: FieldError[] = issues.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(failure.validationContext ?? ''),
    message: issue.message ?? 'Invalid value',
  }));
  throw new AppError('VALIDATION', errors[0]?.message ?? 'Invalid request', errors);
}
