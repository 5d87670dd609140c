import type { FieldError } from '@gvm/contract';

/** docs/product/README.md#web-client: what every page reads from a failed call. */
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
  if (!(error instanceof ApiError)) return undefined;
  return messageIn(error.status, error.data);
}

/** HTTP reason phrases a gateway or a framework answers with: not words for a shopper. */
const REASON_PHRASES =
  /^(internal server error|bad gateway|service unavailable|gateway time-?out|not implemented)\.?$/i;

/**
 * Decision 029: a 5xx shows plain words, never the server's raw text. The API's own 5xx answers
 * carry a sentence in `error`; a proxy's HTML, a reason phrase, a stack trace or a long dump do
 * not, and leave the caller's fallback in their place.
 */
function isPlainSentence(text: string): boolean {
  return text.length <= 200 && !/[<>\n{}]|\bat \S+ \(|Error:/.test(text) && !REASON_PHRASES.test(text.trim());
}

/** The body's `error`, else `message` field; for a 5xx, only a plain sentence. */
function messageIn(status: number, data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Record<string, unknown>;
  const text =
    (typeof body.error === 'string' && body.error) || (typeof body.message === 'string' && body.message) || undefined;
  if (text && status >= 500 && !isPlainSentence(text)) return undefined;
  return text;
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

/** The error for an HTTP answer of `status` outside 2xx, from its body (docs/product/README.md#web-client). */
export function responseError(status: number, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const message = messageIn(status, data) ?? 'An unexpected error occurred';
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined;
  return new ApiError(status, message, errors, data);
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(500, error instanceof Error ? error.message : 'An unexpected error occurred');
}
