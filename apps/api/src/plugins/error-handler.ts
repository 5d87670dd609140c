import type { ErrorResponse, FieldError } from '@gvm/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { AppError } from '../lib/errors';
import { fieldErrorsOf } from '../lib/validation';

/**
 * One place maps every failure to the `{ error, errors? }` shape of ARCHITECTURE.md section 5.
 * A 5xx is logged with its details and answered with a plain sentence: no stack trace leaves.
 */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody('Invalid request', fieldErrorsOf(error)));
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.message, error.errors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('Something went wrong on our side. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(errorBody(clientMessage(error)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('Something went wrong on our side. Please try again.'));
  });
}

function errorBody(error: string, errors?: FieldError[]): ErrorResponse {
  return errors && errors.length > 0 ? { error, errors } : { error };
}

/** Fastify's own 4xx messages, put in words a client developer can act on. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON';
    default:
      return error.message;
  }
}
