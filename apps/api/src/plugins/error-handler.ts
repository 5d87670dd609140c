import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse, FieldError } from '@gvm/contract';
import { DrizzleQueryError } from 'drizzle-orm';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-types';
import { DatabaseBusyError } from '../db/client';
import { AppError } from '../lib/errors';
import { fieldErrorsOf } from '../lib/validation';

/**
 * One place maps every failure to the `{ error, errors? }` shape (docs/product/README.md#api-conventions).
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
    if (isDatabaseBusy(error)) {
      // Every connection was taken for too long: refused quickly, nothing changed (decision 063).
      request.log.warn({ err: withoutQueryParameters(error) }, 'database pool exhausted');
      return reply.status(503).header('retry-after', '1').send(errorBody(busyMessage));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody(serverErrorMessage));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(errorBody(clientMessage(error)));
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'unhandled error');
    return reply.status(500).send(errorBody(serverErrorMessage));
  });
}

const busyMessage = 'We are very busy right now and nothing was changed. Please try again in a moment.';

/**
 * No database connection came free in time: our pool's bounded wait (DatabaseBusyError), or pg's
 * own connect timeout, anywhere in the error's causes (drizzle wraps a failed query's).
 */
function isDatabaseBusy(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current instanceof DatabaseBusyError) return true;
    if (current.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

/** A failed query as logged: drizzle's error with the bound values taken out. */
class FailedQuery extends Error {
  readonly params: string;
  /** The SQLSTATE, e.g. 23505 for a unique violation. */
  readonly code: string | undefined;
  constructor(query: string, paramCount: number, cause: DatabaseError | undefined, stack: string) {
    super(`Failed query: ${query}`, cause ? { cause } : undefined);
    this.name = 'DrizzleQueryError';
    this.params = `${paramCount} hidden`;
    this.code = cause?.code;
    this.stack = `${this.name}: ${this.message}\n${stack}`;
  }
}

/** The database's error with its code and where it happened; a data error's quoted input hidden. */
class DatabaseError extends Error {
  readonly code: string | undefined;
  readonly table: string | undefined;
  readonly constraint: string | undefined;
  constructor(driverError: Error & { code?: string; table?: string; constraint?: string }) {
    const dataException = driverError.code?.startsWith('22') ?? false;
    super(dataException ? driverError.message.replace(/"[^"]*"/g, '"…"') : driverError.message);
    this.name = 'DatabaseError';
    this.code = driverError.code;
    this.table = driverError.table;
    this.constraint = driverError.constraint;
    this.stack = undefined;
  }
}

/**
 * A failed query as the log may hold it: its SQL and the database's own error, never the values
 * bound to it (e-mail addresses, names, tokens), which drizzle writes into its message and stack
 * and PostgreSQL repeats in a data error's message ('invalid input syntax for type integer: "…"').
 */
export function withoutQueryParameters(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause instanceof Error ? new DatabaseError(error.cause) : undefined;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return new FailedQuery(error.query, error.params.length, cause, frames);
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

const serverErrorMessage = 'Something went wrong on our side. Please try again.';

/**
 * Fastify's router refuses some requests before any route or hook runs: a malformed
 * percent-encoding in the path (`/products/%E0%A4%A`) and a path parameter over `maxParamLength`.
 * Given as the `frameworkErrors` server option, this answers them in the `{ error }` shape too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.status(400).send(errorBody('The address is not valid: it has a malformed %-encoding'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send(errorBody('The address is too long'));
    default:
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody(serverErrorMessage));
  }
}

/** Longer than this, a request line is what overflowed the header limit: the address is too long. */
const longRequestLine = 8 * 1024;

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, a malformed
 * header, headers over the size limit, a request that did not arrive in time): the `clientError`
 * answer, written on the socket in the `{ error }` shape. Given as the `clientErrorHandler` option.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  if (socket.writable) {
    const body = JSON.stringify(errorBody(message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientErrorAnswer(error: ConnectionError): [number, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request did not arrive in time'];
    case 'HPE_HEADER_OVERFLOW': {
      const packet: unknown = error.rawPacket;
      const lineEnd = Buffer.isBuffer(packet) ? packet.indexOf('\r\n') : -1;
      return lineEnd === -1 || lineEnd > longRequestLine
        ? [414, 'The address is too long']
        : [431, 'The request headers are too large'];
    }
    case 'HPE_INVALID_METHOD':
      return [400, 'Unsupported HTTP method'];
    default:
      return [400, 'The request is not valid HTTP'];
  }
}
