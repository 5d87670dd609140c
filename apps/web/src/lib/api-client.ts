import type { FieldError } from '@gvm/contract';
import axios, { AxiosError } from 'axios';

/** Spec 000 section 7: base path /api/v1, JSON, 10-second timeout. */
export const api = axios.create({
  baseURL: '/api/v1',
  timeout: 10_000,
  headers: { 'Content-Type': 'application/json' },
});

/** Spec 000 section 8, 'Normalised API error': what every page reads from a failed call. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  readonly data: unknown;

  constructor(status: number, message: string, errors?: FieldError[], data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const message =
      (typeof body.error === 'string' && body.error) ||
      (typeof body.message === 'string' && body.message) ||
      (error.code === AxiosError.ECONNABORTED ? 'The request timed out. Please try again.' : '') ||
      (!error.response ? 'Could not reach the server. Please check your connection.' : '') ||
      'An unexpected error occurred';
    const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : undefined;
    return new ApiError(error.response?.status ?? 500, message, errors, data);
  }
  return new ApiError(500, error instanceof Error ? error.message : 'An unexpected error occurred');
}

api.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
