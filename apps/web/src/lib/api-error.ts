import type { FieldError } from '@gvm/contract';

/** Spec 000 section 8, 'Normalised API error': what every page reads from a failed call. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly data: unknown;
  /** True when no answer came back at all (offline, timeout): the server never decided anything. */
  readonly networkError: boolean;

  constructor(status: number, message: string, errors?: FieldError[], data?: unknown, networkError = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.data = data;
    this.networkError = networkError;
  }
}

/**
 * The server's own message for a failed call (its `error` field, else `message`), or undefined:
 * for the spec's many "server message, else '…'" rows, where the fallback is the page's own text.
 */
export function serverMessage(error: unknown): string | undefined {
  const data = error instanceof ApiError ? error.data : undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Record<string, unknown>;
  if (typeof body.error === 'string' && body.error) return body.error;
  if (typeof body.message === 'string' && body.message) return body.message;
  return undefined;
}

/**
 * What to tell the user about a failed action: the server's message; when the server was never
 * reached, why (offline, timed out); for an error of the page's own making, its message; else
 * the page's fallback text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return serverMessage(error) ?? (error.networkError ? error.message : fallback);
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The error for an HTTP answer of `status` outside 2xx, from its body (spec 000 section 8). */
export function responseError(status: number, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const message =
    (typeof body.error === 'string' && body.error) ||
    (typeof body.message === 'string' && body.message) ||
    'An unexpected error occurred';
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined;
  return new ApiError(status, message, errors, data);
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(500, error instanceof Error ? error.message : 'An unexpected error occurred');
}
